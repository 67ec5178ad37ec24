// How often the event loop turned while some work ran: the tests' measure of work cut into
// slices on the server's thread (SPEC §init_workspace: the server answers while it indexes).

/** Counts the turns the event loop takes while `work` runs: one a millisecond at most. */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  running = false;
  return { value, turns };
}
