/** 13812345678 → 138****5678: enough to recognise a customer on the phone, not to call them. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** 330102199001011234 → 330102********1234. */
export function maskIdCard(id: string): string {
  return id.length > 10 ? `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}` : id;
}

/** A customer's phone as a caller may see it: whole for holders of customer:sensitive, masked for the rest. */
export function phoneFor<P extends string | null>(permissions: ReadonlySet<string>, phone: P): P {
  return (phone === null || permissions.has('customer:sensitive') ? phone : maskPhone(phone)) as P;
}
