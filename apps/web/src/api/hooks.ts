/**
 * What the HTTP client asks of the user interface when a call fails. The app installs these once
 * (antd message, router navigation); the client itself knows nothing about React.
 */
export type ApiHooks = {
  toast: (message: string) => void;
  /** The token is already removed; show the message and go to the login page. */
  relogin: (message: string) => void;
  forbidden: () => void;
};

let hooks: ApiHooks = { toast: () => {}, relogin: () => {}, forbidden: () => {} };

export function setApiHooks(next: ApiHooks): void {
  hooks = next;
}

export function apiHooks(): ApiHooks {
  return hooks;
}
