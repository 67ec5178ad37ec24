// Writing a CLI answer to stdout. A reader that went away (`index --json | true`, `doctor |
// head -1`) makes the write fail with EPIPE: the answer has nowhere to go, which is not the
// command failing, so the writing ends and the command keeps its exit code, instead of the
// stream's unhandled 'error' crashing the process with a stack trace.
export function pipeWriter(stream: NodeJS.WritableStream = process.stdout): (text: string) => Promise<void> {
  let gone = false;
  stream.on('error', () => {
    gone = true;
  });
  return (text) =>
    new Promise((resolve) => {
      if (gone) return resolve();
      try {
        stream.write(text, () => resolve());
      } catch {
        gone = true;
        resolve();
      }
    });
}
