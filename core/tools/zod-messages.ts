// The wording of an argument refusal (SPEC §standardized error envelope: one line an agent
// reads). The lines agents and hosts have seen since the first release were zod 3's; zod 4
// words the same issues differently ("Invalid input: expected string, received number"), so
// the boundary parses with this map and a refusal reads as it always has.
import type { z } from 'zod';

/** zod 3's name for the type of a value it refused. */
function receivedType(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : 'number';
  return typeof value;
}

function tooSmall(issue: { origin: string; minimum: number | bigint; inclusive?: boolean; exact?: boolean }): string | undefined {
  const { origin, minimum, inclusive, exact } = issue;
  if (origin === 'array') return `Array must contain ${exact ? 'exactly' : inclusive ? 'at least' : 'more than'} ${minimum} element(s)`;
  if (origin === 'string') return `String must contain ${exact ? 'exactly' : inclusive ? 'at least' : 'over'} ${minimum} character(s)`;
  if (origin === 'number') return `Number must be ${inclusive ? 'greater than or equal to ' : 'greater than '}${minimum}`;
  return undefined;
}

function tooBig(issue: { origin: string; maximum: number | bigint; inclusive?: boolean; exact?: boolean }): string | undefined {
  const { origin, maximum, inclusive, exact } = issue;
  if (origin === 'array') return `Array must contain ${exact ? 'exactly' : inclusive ? 'at most' : 'less than'} ${maximum} element(s)`;
  if (origin === 'string') return `String must contain ${exact ? 'exactly' : inclusive ? 'at most' : 'under'} ${maximum} character(s)`;
  if (origin === 'number') return `Number must be ${inclusive ? 'less than or equal to' : 'less than'} ${maximum}`;
  return undefined;
}

/** Per-parse error map: an issue a schema did not word itself, in zod 3's words; else zod 4's own. */
export const zod3Messages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Required';
      if (issue.expected === 'int' || (issue.expected === 'number' && issue.format === 'safeint')) {
        return `Expected integer, received ${typeof issue.input === 'number' ? 'float' : receivedType(issue.input)}`;
      }
      return `Expected ${issue.expected}, received ${receivedType(issue.input)}`;
    }
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_value': {
      const options = issue.values.map((v) => `'${String(v)}'`).join(' | ');
      return `Invalid enum value. Expected ${options}, received '${String(issue.input)}'`;
    }
    case 'invalid_union':
      return 'Invalid input';
    default:
      return undefined;
  }
};
