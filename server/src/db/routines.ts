import { createHash } from 'node:crypto';
import type { Db } from './db.ts';

/** Advisory lock key for installing routines (migrations use 4_201_001). */
const INSTALL_LOCK = 4_201_002;
/** undefined_function: the routine is not (or no longer) in this database. */
const UNDEFINED_FUNCTION = '42883';

/**
 * A database function the app builds from its own rules (so each rule keeps one definition in the
 * code, where a migration would freeze a copy of it), installed in each database on first use under
 * a name that carries a hash of its text: every instance calls the version its own code built, an
 * upgrade installs the next one beside it, and an old one left behind is never called. Written here
 * rather than taken from a migration tool: the numbered migrations (migrate.ts) are plain SQL files,
 * and no tool at hand builds a function's text from the code's constants.
 */
export class Routine {
  readonly name: string;
  readonly #sql: string;
  readonly #installed = new WeakMap<Db, Promise<void>>();

  /** `build` returns `CREATE OR REPLACE FUNCTION <name>(…)` for the name it is given. */
  constructor(base: string, build: (name: string) => string) {
    const hash = createHash('sha256').update(build(base)).digest('hex').slice(0, 12);
    this.name = `${base}_${hash}`;
    this.#sql = build(this.name);
  }

  /**
   * `SELECT * FROM name($1, …) AS result`, a write: one statement, one round trip. The rows of a
   * function returning a table; one row with `result` of a function returning one value.
   */
  async call<R>(db: Db, args: readonly unknown[]): Promise<R[]> {
    const sql = `SELECT * FROM ${this.name}(${args.map((_, i) => `$${i + 1}`).join(', ')}) AS result`;
    await this.#install(db);
    try {
      return await db.write<R>(sql, args);
    } catch (err) {
      if ((err as { code?: string }).code !== UNDEFINED_FUNCTION) throw err;
      // Dropped or restored from before it existed: install it again, once.
      this.#installed.delete(db);
      await this.#install(db);
      return db.write<R>(sql, args);
    }
  }

  #install(db: Db): Promise<void> {
    let done = this.#installed.get(db);
    if (!done) {
      // Under a lock: two instances replacing one function at once can fail ("tuple concurrently updated").
      done = db.withAdvisoryLock(INSTALL_LOCK, (conn) => conn.exec(this.#sql));
      done.catch(() => this.#installed.delete(db));
      this.#installed.set(db, done);
    }
    return done;
  }
}
