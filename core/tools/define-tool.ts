// The shape of one tool (STYLE habit 1): a plain object made by an identity helper that
// exists only for type inference. The boundary (core/server/boundary.ts) does everything
// every tool needs; a handler only composes services and returns text plus envelope hints.
import type { z } from 'zod';
import type { EmptyReason } from './empty-reason.ts';
import type { Logger } from '../log.ts';
import type { WorkspaceDecision } from '../workspace/workspace.ts';
import type { Services } from '../services/services.ts';

/** Where a tool's work happens (SPEC §architecture): in-process, on the substrate, or both. */
export type ToolTier = 'local' | 'substrate' | 'mixed';
/** META-ENVELOPE §complexity_tier: declared at registration, stable across releases. */
export type ComplexityTier = 'lite' | 'standard' | 'heavy';
/**
 * META-ENVELOPE §baseline_method: what the agent would have done without the tool.
 * null means the tool has no honest baseline and reports no tokens_saved.
 */
export type BaselineMethod = 'full_file_read' | 'grep_recursive' | 'walk_directory' | 'read_all_changed' | null;

// The `{code, severity, message, data}` shape of warnings_v2 and diagnosis_v2 lives beside the
// Cause it renders (core/process/cause.ts), so services below the tools can build one.
import { causeNotice, type Cause, type Notice } from '../process/cause.ts';
export type { Severity, Notice } from '../process/cause.ts';

/** META-ENVELOPE §next_steps: only calls the server would itself make next. */
export interface NextStep {
  tool: string;
  args: Record<string, unknown>;
  why: string;
}

/** What a handler may return beside its text; the boundary turns it into `_meta`. */
export interface ToolAnswer {
  text: string;
  isError?: boolean;
  emptyReason?: EmptyReason;
  nextSteps?: NextStep[];
  warnings?: Notice[];
  diagnosis?: Notice[];
  /** Absolute paths of the files this answer stands in for (tokens_saved baseline). */
  baselineFiles?: string[];
  /** Extra baseline tokens that are not files (e.g. a grep's output); rarely needed. */
  baselineTokens?: number;
  /** Call-log `result` (SPEC §call-log `reportResult`). */
  result?: string;
  /** Call-log outcome when it is not ok / error (e.g. refused, not_attached). */
  outcome?: 'refused' | 'not_attached';
  /** Per-project schema version of the index or store this answer read. */
  schemaVersionAtIndex?: number;
  /**
   * The spec words the whole text ("still running" and nothing else), so no closing line is
   * added to it; the next step stays in `_meta.next_steps`.
   */
  textIsWhole?: true;
}

export type Plane = 'stdio' | 'loopback' | 'cli';

export interface ToolContext {
  requestId: string;
  plane: Plane;
  sessionId: string;
  log: Logger;
  signal: AbortSignal;
  /**
   * The workspace decision (SPEC §workspace), made once by the boundary before the handler
   * runs (on stdio after waiting for the client's roots at most 2 s). Past the workspace gate
   * it is decided, except for a tool allowed to run undetermined (init_workspace).
   */
  workspace: WorkspaceDecision;
  /** The session's services; a handler reaches state only through these. */
  services: Services;
  /** MCP notifications/progress when the request carried a progressToken; no-op otherwise. */
  progress(done: number, total?: number, message?: string): void;
}

export interface ToolDefinition<S extends z.ZodObject<z.ZodRawShape> = z.ZodObject<z.ZodRawShape>> {
  name: string;
  /** One line for tool tables. */
  title: string;
  tier: ToolTier;
  complexity: ComplexityTier;
  baseline: BaselineMethod;
  description: string;
  inputSchema: S;
  /**
   * When set, the tool is registered but not built yet: the boundary answers
   * `not_implemented: <tool> ...` naming this (the issue that builds it).
   */
  pending?: string;
  /**
   * Tools that may run before the workspace is decided (SPEC §workspace gate): only
   * init_workspace, and only with a workspace_path.
   */
  allowedWhenWorkspaceUndetermined?(args: z.infer<S>): boolean;
  handle(args: z.infer<S>, ctx: ToolContext): Promise<ToolAnswer | string>;
}

export function defineTool<S extends z.ZodObject<z.ZodRawShape>>(tool: ToolDefinition<S>): ToolDefinition<S> {
  return tool;
}

/** Handler of a tool that is registered but not built yet. */
export async function pendingHandler(): Promise<string> {
  return '';
}

/** A failure as a tool answers it: the cause's one line, isError, and the cause as its diagnosis. */
export function failureAnswer(c: Cause): ToolAnswer {
  return { text: c.line, isError: true, diagnosis: [causeNotice(c)] };
}
