// The interactive rendering of a report run (SPEC §attach --check): each check
// appears as it starts with a spinner, then turns into a mark with its detail and its time;
// the failing check expands into its cause line and remedy; the summary stays on screen.
import { useEffect, useState } from 'react';
import { Box, Text, useApp } from 'ink';
import { EMPTY_MODEL, countByStatus, reduceReport, type CheckState, type CheckStatus, type ReportModel, type ReportRun } from '../core/report/model.ts';

export const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const LABEL_WIDTH = 13;

const MARKS: Record<CheckStatus, { mark: string; color: string }> = {
  ok: { mark: '✓', color: 'green' },
  warn: { mark: '!', color: 'yellow' },
  fail: { mark: '✗', color: 'red' },
  skip: { mark: '-', color: 'gray' },
};

function markOf(state: CheckState['state'], spinner: string): { mark: string; color: string } {
  return state === 'running' ? { mark: spinner, color: 'cyan' } : MARKS[state];
}

function useSpinner(active: boolean): string {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setFrame((f) => (f + 1) % SPINNER_FRAMES.length), 80);
    return () => clearInterval(timer);
  }, [active]);
  return SPINNER_FRAMES[frame];
}

function CheckRow({ check, spinner }: { check: CheckState; spinner: string }) {
  const running = check.state === 'running';
  const look = markOf(check.state, spinner);
  const expand = check.state === 'fail' || check.state === 'warn';
  const showCause = expand && check.cause && check.cause !== check.detail;
  return (
    <Box flexDirection="column">
      <Box>
        <Box width={2 + LABEL_WIDTH} flexShrink={0}>
          <Text>
            <Text color={look.color}>{look.mark} </Text>
            <Text bold>{check.label}</Text>
          </Text>
        </Box>
        <Box flexGrow={1}>
          <Text>
            <Text dimColor={check.state === 'skip'}>{running ? '…' : (check.detail ?? '')}</Text>
            {/* A no-break space keeps "12 ms" on one line when the detail wraps. */}
            {!running && check.state !== 'skip' && check.ms !== undefined ? <Text dimColor>{` ${check.ms}\u00a0ms`}</Text> : null}
          </Text>
        </Box>
      </Box>
      {showCause ? (
        <Box marginLeft={2}>
          <Text color={look.color}>{`cause: ${check.cause}`}</Text>
        </Box>
      ) : null}
      {expand && check.remedy ? (
        <Box marginLeft={2}>
          <Text>{`fix: ${check.remedy}`}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

export function Summary({ model }: { model: ReportModel }) {
  if (!model.summary) return null;
  const counts = countByStatus(model);
  const ok = model.summary.exitCode === 0;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color={ok ? 'green' : 'red'} bold>{`${ok ? '✓' : '✗'} ${model.summary.headline}`}</Text>
      <Text
        dimColor
      >{`${counts.ok} ok, ${counts.warn} warn, ${counts.fail} fail${counts.skip ? `, ${counts.skip} skipped` : ''}; exit ${model.summary.exitCode}`}</Text>
    </Box>
  );
}

export function ReportView({ run, title, exitWhenDone = true }: { run: ReportRun; title: string; exitWhenDone?: boolean }) {
  const [model, setModel] = useState<ReportModel>(EMPTY_MODEL);
  const app = useApp();
  useEffect(() => run.subscribe((event) => setModel((m) => reduceReport(m, event))), [run]);
  const running = model.checks.some((c) => c.state === 'running') || !model.summary;
  const spinner = useSpinner(running);
  useEffect(() => {
    // Exit after the frame with the summary has been drawn, so it stays on screen.
    if (model.summary && exitWhenDone) {
      const timer = setTimeout(() => app.exit(), 0);
      return () => clearTimeout(timer);
    }
  }, [model.summary, exitWhenDone, app]);
  return (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      {model.checks.map((check) => (
        <CheckRow key={check.id} check={check} spinner={spinner} />
      ))}
      <Summary model={model} />
    </Box>
  );
}
