// SPEC §outgoing-text-guard pattern families: private-key blocks, cloud and service API keys,
// GitHub, GitLab, npm and Slack tokens, and JWTs; AWS's documented example keys are exempt.
//
// Linear on hostile input (COMMON rules): every pattern either has only bounded quantifiers
// after a literal, or opens with a lookbehind that the token's own characters fail, so inside a
// long run of token characters only the run's first position can start a match, and each
// unbounded run is followed by a character outside its class. tests/unit/outgoing-guard-linear
// holds each one to a bound on a 1 MB run of its near-miss characters.

export interface CredentialPattern {
  /** The kind the refusal names: outgoing_secret(<kind>, <field>). */
  kind: string;
  regex: RegExp;
  /** Documented examples that are not leaks (AWS's own), matched against the whole match. */
  exempt?: (match: string) => boolean;
}

/** AWS's documented example credentials (docs.aws.amazon.com "Managing access keys"). */
const AWS_EXAMPLES = ['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY'];
const awsExample = (m: string) => AWS_EXAMPLES.some((e) => m.includes(e)) || m.endsWith('EXAMPLE');
/** jwt.io's documented example token (HS256, "John Doe"), quoted in countless docs and tests. */
const JWT_IO_EXAMPLE_SIGNATURE = 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

// Boundaries: not after a character the token could continue.
const B_ALNUM = '(?<![A-Za-z0-9])';
const B_WORD = '(?<![A-Za-z0-9_-])';

export const CREDENTIAL_PATTERNS: CredentialPattern[] = [
  // A PEM or OpenSSH private-key block: the armour line followed by key material, so a sentence
  // naming the armour is not a key.
  {
    kind: 'private_key',
    regex:
      /-----BEGIN ?(?:[A-Z0-9]{1,12} ){0,3}PRIVATE KEY(?: BLOCK)?-----(?:\s|\\[rn]){0,4}(?:[A-Za-z0-9-]{1,20}: [^\r\n\\]{1,100}(?:\s|\\[rn]){1,4}){0,4}(?:[A-Za-z0-9+/=]|\s|\\[rn]){40}/g,
  },
  // Cloud keys.
  {
    kind: 'aws_access_key',
    regex: new RegExp(B_ALNUM + '(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9])', 'g'),
    exempt: awsExample,
  },
  {
    kind: 'aws_secret_key',
    regex: /aws_?(?:secret_?access_?key|secret_?key|secret)["']?\s{0,4}(?::=|=>|[:=])\s{0,4}["']?[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])/gi,
    exempt: awsExample,
  },
  { kind: 'gcp_api_key', regex: new RegExp(B_WORD + 'AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])', 'g') },
  { kind: 'azure_storage_key', regex: /AccountKey=[A-Za-z0-9+/]{86}==/g },
  // Service API keys.
  { kind: 'openai_key', regex: new RegExp(B_WORD + 'sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200}', 'g') },
  { kind: 'anthropic_key', regex: new RegExp(B_WORD + 'sk-ant-(?:api|admin)\\d{2}-[A-Za-z0-9_-]{80,130}', 'g') },
  { kind: 'stripe_key', regex: new RegExp(B_WORD + '(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,247}(?![A-Za-z0-9])', 'g') },
  { kind: 'sendgrid_key', regex: new RegExp(B_WORD + 'SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])', 'g') },
  { kind: 'shopify_token', regex: new RegExp(B_WORD + 'shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![A-Za-z0-9])', 'g') },
  { kind: 'linear_key', regex: new RegExp(B_WORD + 'lin_api_[A-Za-z0-9]{40}(?![A-Za-z0-9])', 'g') },
  { kind: 'onepassword_token', regex: new RegExp(B_WORD + 'ops_ey[A-Za-z0-9+/=]{100,4000}', 'g') },
  { kind: 'huggingface_token', regex: new RegExp(B_WORD + 'hf_[A-Za-z]{34}(?![A-Za-z])', 'g') },
  { kind: 'groq_key', regex: new RegExp(B_WORD + 'gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9])', 'g') },
  { kind: 'notion_token', regex: new RegExp(B_WORD + 'ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])', 'g') },
  { kind: 'vault_token', regex: new RegExp(B_WORD + 'hv[sbr]\\.[A-Za-z0-9_-]{90,300}(?![A-Za-z0-9_-])', 'g') },
  { kind: 'vercel_token', regex: new RegExp(B_WORD + 'vc[pirak]_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])', 'g') },
  { kind: 'databricks_token', regex: new RegExp(B_WORD + 'dapi[A-Fa-f0-9]{32}(?:-[0-9])?(?![A-Fa-f0-9])', 'g') },
  { kind: 'docker_token', regex: new RegExp(B_WORD + 'dckr_pat_[A-Za-z0-9_-]{27}(?![A-Za-z0-9_-])', 'g') },
  { kind: 'figma_token', regex: new RegExp(B_WORD + 'figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])', 'g') },
  { kind: 'cloudflare_token', regex: new RegExp(B_WORD + '(?:cfk|cfut|cfat)_[A-Za-z0-9]{40}[0-9a-f]{8}(?![A-Za-z0-9])', 'g') },
  { kind: 'tailscale_key', regex: new RegExp(B_WORD + 'tskey-[a-z]{2,20}-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}(?![0-9A-Za-z_])', 'g') },
  {
    kind: 'grafana_token',
    regex: new RegExp(B_WORD + '(?:glc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Fa-f0-9]))', 'g'),
  },
  // Source hosts and registries.
  { kind: 'github_token', regex: new RegExp(B_WORD + '(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36,251}(?![A-Za-z0-9_])', 'g') },
  { kind: 'github_token', regex: new RegExp(B_WORD + 'github_pat_[A-Za-z0-9_]{22,255}(?![A-Za-z0-9_])', 'g') },
  {
    kind: 'github_token',
    regex: new RegExp(B_WORD + 'ghs_[0-9]{1,20}_[A-Za-z0-9_-]{1,1000}\\.[A-Za-z0-9_-]{1,10000}\\.[A-Za-z0-9_-]{1,1000}(?![A-Za-z0-9_-])', 'g'),
  },
  { kind: 'gitlab_token', regex: new RegExp(B_WORD + 'gl(?:pat|dt|rt|ptt|cbt|imt|oas|soat|ft|agent|ffct)-[A-Za-z0-9_-]{20,64}(?![A-Za-z0-9_-])', 'g') },
  { kind: 'gitlab_token', regex: new RegExp(B_WORD + 'GR1348941[A-Za-z0-9_-]{20}(?![A-Za-z0-9_-])', 'g') },
  { kind: 'npm_token', regex: new RegExp(B_WORD + 'npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])', 'g') },
  // Slack.
  { kind: 'slack_token', regex: new RegExp(B_WORD + 'xox[abposre]-(?:[0-9]{1,20}-){0,3}[A-Za-z0-9]{6,80}(?:-[A-Za-z0-9]{1,80}){0,3}(?![A-Za-z0-9-])', 'g') },
  { kind: 'slack_token', regex: new RegExp(B_WORD + 'xapp-\\d-[A-Z0-9]{1,20}-\\d{1,20}-[a-f0-9]{20,80}(?![A-Za-z0-9])', 'g') },
  {
    kind: 'slack_webhook',
    regex: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_]{1,40}\/[A-Za-z0-9_]{1,40}\/[A-Za-z0-9_]{1,40}/gi,
  },
  // A JSON Web Token: a JSON header, a JSON payload and a signature, each base64url.
  {
    kind: 'jwt',
    regex: new RegExp(B_WORD + 'eyJ[A-Za-z0-9_-]{8,4000}\\.eyJ[A-Za-z0-9_-]{8,8000}\\.[A-Za-z0-9_-]{16,1000}(?![A-Za-z0-9_-])', 'g'),
    exempt: (m) => m.endsWith(JWT_IO_EXAMPLE_SIGNATURE),
  },
];

/** The first credential pattern the text holds, by kind; null when none. */
export function findCredentialPattern(text: string): string | null {
  for (const pattern of CREDENTIAL_PATTERNS) {
    // matchAll runs a copy of the (global) regex, so no lastIndex is shared between calls.
    for (const m of text.matchAll(pattern.regex)) {
      if (!pattern.exempt?.(m[0])) return pattern.kind;
    }
  }
  return null;
}
