// SPEC §annotate_component: the why / how-to-fix notes, built locally from templates by
// category (no request is made; the agent that reads them does the reasoning).

interface Template {
  why: string[];
  how: string[];
}

const TEMPLATES: Record<string, Template> = {
  security: {
    why: [
      'A security finding is exploitable until fixed: treat every caller that passes untrusted input here as exposed.',
      'Check whether the weakness is reachable from an entry point (request handlers, CLI arguments, files read from disk).',
    ],
    how: [
      'Validate or escape untrusted input at the boundary where it enters, not deep inside.',
      'Add a test that feeds the hostile input and asserts it is refused.',
    ],
  },
  correctness: {
    why: [
      'A correctness finding means some input gives a wrong result; callers may already rely on the wrong behaviour.',
      'Find the inputs that reach the faulty branch before changing it.',
    ],
    how: [
      'Write a failing test that reproduces the wrong result, then fix the code until it passes.',
      'Check the callers (analyze_impact) for code that compensates for the bug.',
    ],
  },
  performance: {
    why: ['A performance finding costs time or memory on every call through this path; its weight grows with input size.'],
    how: ['Measure before and after (a benchmark, not a timed test); fix the hot path, not the cold one.'],
  },
  'design-constraint': {
    why: ['A design constraint is a rule other code depends on: breaking it breaks code that is not in this file.'],
    how: ['Keep the constraint, or change it together with every file that relies on it (predict_cochanges lists the usual companions).'],
  },
  task: {
    why: ['A task is work assigned on the ledger, not a defect in the code: someone expects it done.'],
    how: ['Claim it with claim_finding before starting, then mark_complete endorse once the fix is committed and pushed.'],
  },
};

const GENERIC: Template = {
  why: ['This finding was recorded by an agent that noticed the problem and did not fix it; its details say what it saw.'],
  how: ['Fix it in the files named, commit, push, then mark_complete endorse; if it is not a problem, mark_complete discard.'],
};

const SEVERITY_WHY: Record<string, string> = {
  CRITICAL: 'Severity CRITICAL: fix before other work on these files.',
  HIGH: 'Severity HIGH: fix before shipping changes to these files.',
  MEDIUM: 'Severity MEDIUM: fix when working on these files.',
  LOW: 'Severity LOW: fix when convenient.',
  INFO: 'Severity INFO: a note for whoever edits these files next.',
};

export function annotationNotes(category: string, severity: string, mode: 'explain' | 'recommend'): string[] {
  const template = TEMPLATES[category.trim().toLowerCase()] ?? GENERIC;
  return mode === 'explain' ? [SEVERITY_WHY[severity] ?? `Severity ${severity}.`, ...template.why] : template.how;
}
