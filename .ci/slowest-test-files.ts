import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/**
 * Prints, after the run, the test files that took longest (their own time: loading the environment
 * and the file, then every test and hook), so CI's output shows where the suite's time goes. The root
 * vitest config adds it when `CI` is set.
 */
export class SlowestTestFiles implements Reporter {
  private root = process.cwd();
  private startedAt = Date.now();

  constructor(private readonly count = 20) {}

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
    this.startedAt = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = modules.map((module) => {
      const d = module.diagnostic();
      const load = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
      return {
        file: relative(this.root, module.moduleId),
        project: module.project.name,
        tests: [...module.children.allTests()].length,
        load,
        total: load + d.duration,
      };
    });
    if (rows.length === 0) return;
    const sum = rows.reduce((total, row) => total + row.total, 0);
    const lines = rows
      .sort((a, b) => b.total - a.total)
      .slice(0, this.count)
      .map(
        (row) =>
          `${seconds(row.total)}  (load ${seconds(row.load).trim()}, ${row.tests} tests)  [${row.project}] ${row.file}`,
      );
    process.stdout.write(
      [
        '',
        `Slowest ${lines.length} of ${rows.length} test files (their own time; ${seconds(sum).trim()} in all, ` +
          `${seconds(Date.now() - this.startedAt).trim()} of wall time):`,
        ...lines,
        '',
      ].join('\n'),
    );
  }
}
