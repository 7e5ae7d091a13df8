export type ProtocolVersion = 2013 | 2019;

export interface Jt808Header {
  messageId: number;
  /** 2019 when body-properties bit 14 is set; the header layout differs (version byte, 10-byte phone). */
  version: ProtocolVersion;
  /** The 2019 header's protocol version byte (1 for the first 2019 revision); absent on 2013. */
  protocolVersion?: number;
  /** Body-properties bits 10–12; non-zero means the body is encrypted (RSA when bit 10). */
  encryption: number;
  /** Terminal phone number as the hex digits of its BCD bytes, zeros kept, so a reply reuses it exactly. */
  phone: string;
  serial: number;
  /** Present when the message is one part of a sub-packaged body; index counts from 1. */
  subPackage?: { total: number; index: number };
}

/** Additional items with a standard meaning, in everyday units. */
export interface LocationItems {
  /** 0x01, 0.1 km on the wire. */
  mileageKm?: number;
  /** 0x02, 0.1 L on the wire. */
  fuelLitres?: number;
  /** 0x03, speed from the tachograph, 0.1 km/h on the wire. */
  tachographSpeedKmh?: number;
  /** 0x25 extended vehicle signal status bits. */
  vehicleSignal?: number;
  /** 0x2A IO status bits. */
  ioStatus?: number;
  /** 0x2B analog: AD0 in bits 0–15, AD1 in bits 16–31. */
  analog?: number;
  /** 0x30 wireless signal strength. */
  signalStrength?: number;
  /** 0x31 GNSS satellites in use. */
  satellites?: number;
}

/** A 0x0200 body as the encoder takes it. */
export interface LocationFix {
  alarm: number;
  status: number;
  /** Degrees, negative south / west (status bits 2 and 3 on the wire). */
  latitude: number;
  longitude: number;
  /** Metres. */
  altitude: number;
  speedKmh: number;
  /** Degrees from north, 0–359. */
  direction: number;
  /** Epoch ms of the fix, or null when the terminal sent no valid time. */
  time: number | null;
  items: LocationItems;
  /**
   * Items without a standard meaning (vendor ids such as 0xE1, 0xEB, 0xF3) or a standard id with an
   * unexpected length, by id and undecoded, for a per-model mapping to read.
   */
  rawItems: Map<number, Buffer>;
}

/** A decoded 0x0200 body: the fix plus flags derived from the status word. */
export interface Location extends LocationFix {
  /** Status bit 0. */
  accOn: boolean;
  /** Status bit 1: the terminal had a GNSS fix. */
  positioned: boolean;
}

export interface TerminalResponse { kind: 'terminal-response'; replySerial: number; replyId: number; result: number }
export interface Heartbeat { kind: 'heartbeat' }
export interface Logout { kind: 'logout' }
export interface Register {
  kind: 'register';
  provinceId: number;
  cityId: number;
  manufacturerId: string;
  terminalModel: string;
  terminalId: string;
  /** 0 when the vehicle has no plate yet and `plate` holds the VIN. */
  plateColor: number;
  plate: string;
}
export interface Auth {
  kind: 'auth';
  authCode: string;
  /** 2019 only. */
  imei?: string;
  /** 2019 only. */
  softwareVersion?: string;
}
export interface LocationReport<L extends LocationFix = Location> { kind: 'location'; location: L }
export interface LocationQueryReply<L extends LocationFix = Location> {
  kind: 'location-query-reply';
  replySerial: number;
  location: L;
}
/** 0x0500: the answer to a 0x8500, with the position (and status word) after the control. */
export interface VehicleControlReply<L extends LocationFix = Location> {
  kind: 'vehicle-control-reply';
  replySerial: number;
  location: L;
}
export interface LocationBatch<L extends LocationFix = Location> {
  kind: 'location-batch';
  /** 0 normal batch, 1 blind-area re-send (positions stored while out of coverage). */
  batchType: number;
  locations: L[];
}

/** What terminals send. Encoders take `UplinkMessage<LocationFix>`, so a decoded message re-encodes. */
export type UplinkMessage<L extends LocationFix = Location> =
  | TerminalResponse
  | Heartbeat
  | Logout
  | Register
  | Auth
  | LocationReport<L>
  | LocationQueryReply<L>
  | VehicleControlReply<L>
  | LocationBatch<L>;

export interface PlatformResponse { kind: 'platform-response'; replySerial: number; replyId: number; result: number }
export interface RegisterResponse {
  kind: 'register-response';
  replySerial: number;
  result: number;
  /** Sent only with result 0 (success). */
  authCode?: string;
}
export interface LocationQuery { kind: 'location-query' }
export interface TemporaryTracking { kind: 'temporary-tracking'; intervalSeconds: number; validitySeconds: number }

/** A terminal parameter value; numbers carry their wire width. Unknown ids decode as 'bytes'. */
export type ParameterValue =
  | { type: 'byte' | 'word' | 'dword'; value: number }
  | { type: 'string'; value: string }
  | { type: 'bytes'; value: Buffer };
export type TerminalParameter = { id: number } & ParameterValue;
export interface SetParameters { kind: 'set-parameters'; parameters: TerminalParameter[] }

export interface TerminalControl {
  kind: 'terminal-control';
  command: number;
  /** Semicolon-separated arguments of commands 1 (upgrade) and 2 (connect to server). */
  parameter?: string;
}
export interface TextMessage {
  kind: 'text-message';
  /** Bit flags: 0 emergency, 2 display, 3 TTS read-out, 5 CAN-fault text (2019 meanings). */
  flag: number;
  /** 2019 only: 1 notice, 2 service. */
  textType?: number;
  text: string;
}

/**
 * 0x8500 with one control. A 2013 body is the flag byte alone; a 2019 body lists (control type id,
 * parameter) entries, and this carries one: the flag as the BYTE parameter of `typeId`.
 */
export interface VehicleControl {
  kind: 'vehicle-control';
  flag: number;
  /** 2019 only: 0x0001 doors, 0xF001–0xFFFF the vendor's (VENDOR_CONTROL_TYPE_DEFAULT when absent). */
  typeId?: number;
}

/** What the platform sends. */
export type DownlinkMessage =
  | PlatformResponse
  | RegisterResponse
  | LocationQuery
  | TemporaryTracking
  | SetParameters
  | TerminalControl
  | TextMessage
  | VehicleControl;

/** One part of a sub-packaged body; hand it to `SubPackageAssembler`. */
export interface Fragment { kind: 'fragment'; body: Buffer }

export type DecodedMessage = UplinkMessage | DownlinkMessage | Fragment;

export type DecodeFailureReason =
  | 'too-short'
  | 'bad-escape'
  | 'bad-check'
  | 'bad-length'
  | 'encrypted'
  | 'unknown-message'
  | 'bad-body';

export interface DecodeFailure {
  ok: false;
  reason: DecodeFailureReason;
  /** Present once the header parsed, so the gateway can still answer 0x8001. */
  header?: Jt808Header;
  /** The undecoded body, with the header (unknown messages, encrypted or malformed bodies). */
  body?: Buffer;
}

export type DecodeResult = { ok: true; header: Jt808Header; message: DecodedMessage } | DecodeFailure;

/** Who a frame is for and which serial it takes; the version follows the terminal's connection. */
export interface HeaderContext {
  version: ProtocolVersion;
  phone: string;
  serial: number;
  /** 2019 protocol version byte; defaults to 1. */
  protocolVersion?: number;
}

/** The bytes to write and the serial each frame used (several when the body was sub-packaged). */
export interface EncodedMessage {
  bytes: Buffer;
  serials: number[];
}
