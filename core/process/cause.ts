// A named cause as data (STYLE habit 4): the stable token and the one line an agent reads,
// built together where the failure is known, so no reader re-parses the token from the text.
// Rendered into a `{code, severity, message, data}` notice (META-ENVELOPE warnings_v2 and
// diagnosis_v2) in one place, causeNotice.

export type Severity = 'info' | 'warning' | 'error';

/** The `{code, severity, message, data}` shape of warnings_v2 and diagnosis_v2. */
export interface Notice {
  code: string;
  severity: Severity;
  message: string;
  /** The code's payload (META-ENVELOPE §warnings_v2: "typed payload, code-specific"); always present, `{}` when a code has none. */
  data: Record<string, unknown>;
}

export interface Cause {
  /** The stable cause token (`key_rejected`, `git_failed`, ...). */
  code: string;
  /** The one line an agent reads; it starts with the token (`key_rejected: ...`, `producer_timeout(shape, ms): ...`). */
  line: string;
  data?: Record<string, unknown>;
}

export function cause(code: string, line: string, data?: Record<string, unknown>): Cause {
  return data ? { code, line, data } : { code, line };
}

/** The notice a cause is reported as; `message` is its line unless the caller words it in context. */
export function causeNotice(c: Cause, severity: Severity = 'error', message: string = c.line): Notice {
  return { code: c.code, severity, message, data: c.data ?? {} };
}
