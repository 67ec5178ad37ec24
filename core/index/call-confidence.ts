// What an edge's confidence means (docs/call-confidence.md): for each way a call or base class
// is decided, the share of such edges `npm run eval:calls` found right in that language's code,
// both halves of the eval pooled, floored to 0.01 and at most 0.99 (only what the file itself
// proves is 1.0). A language states its measured values in its module (LanguageTraits.confidence);
// a kind it has not measured on enough edges keeps the default below.
import { languageTraits } from './extract/languages/registry.ts';

/** The confidence of each kind of cross-file decision. */
export interface KindConfidences {
  /** A name through an import binding (named, default, namespace, require, re-export chain, a package sibling). */
  importResolved: number;
  /** A top-level definition the module does not list as an export (CommonJS, parse errors). */
  importUnlisted: number;
  /** A call on a receiver whose type is declared. */
  declaredType: number;
  /** A method found on a base class; a base class through an import. */
  baseClass: number;
}

/** For a language with no measurement of its own: the values set before any was made. */
export const UNMEASURED: KindConfidences = { importResolved: 0.95, importUnlisted: 0.85, declaredType: 0.9, baseClass: 0.9 };

const byLanguage = new Map<string, KindConfidences>();

/** The confidences a file of `language` states for each kind. */
export function confidencesOf(language: string): KindConfidences {
  let kinds = byLanguage.get(language);
  if (!kinds) byLanguage.set(language, (kinds = { ...UNMEASURED, ...languageTraits(language)?.confidence }));
  return kinds;
}
