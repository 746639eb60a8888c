/** A sleep that a NOTIFY (or stop) can cut short, remembering that a wake was asked for meanwhile. */
export class WakeableSleep {
  /** Set by wake(); the loop clears it before each round to see whether one arrived mid-batch. */
  requested = false;
  private finish: (() => void) | undefined;

  wake(): void {
    this.requested = true;
    this.finish?.();
  }

  /** Ends the current sleep without marking a wake request. */
  interrupt(): void {
    this.finish?.();
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.finish = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.finish = finish;
    });
  }
}
