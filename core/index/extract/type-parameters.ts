// Type parameters with a constraint (`class Chain<C extends Context>`, `function run<S extends
// Store>(s: S)`): within what declares them, a name typed by the parameter is typed by its
// constraint, which is where the checker resolves a call on it (`this.context.createView()` is
// Context's). A language module records each as its handler meets it; declarations come in
// source order, so a parameter is recorded before any name typed by it.

interface ConstrainedParameter {
  name: string;
  constraint: string;
  start: number;
  end: number;
}

/** How many constrained parameters one file records at most (a bound on the scan below). */
const MAX_PARAMETERS = 2_000;

export class TypeParameterScopes {
  private readonly parameters: ConstrainedParameter[] = [];

  /** `name extends constraint`, seen from `start` to `end` (the declaration that holds it). */
  add(name: string, constraint: string, start: number, end: number): void {
    if (this.parameters.length < MAX_PARAMETERS) this.parameters.push({ name, constraint, start, end });
  }

  /** `type` (`C`, `C[]`) with a parameter seen at `at` read as its constraint; `type` as it is otherwise. */
  resolve(type: string, at: number): string {
    if (this.parameters.length === 0) return type;
    const array = type.endsWith('[]');
    const name = array ? type.slice(0, -2) : type;
    // The innermost declaration's parameter wins: the latest recorded one that holds `at`.
    for (let i = this.parameters.length - 1; i >= 0; i--) {
      const p = this.parameters[i]!;
      if (p.name === name && p.start <= at && at < p.end) return array ? `${p.constraint}[]` : p.constraint;
    }
    return type;
  }
}
