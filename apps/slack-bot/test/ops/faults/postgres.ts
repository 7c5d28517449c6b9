// A PostgreSQL server of the fault test's own, made with the binaries scripts/test-postgres.sh installs (Debian's
// postgresql package; the script runs its cluster through pg_ctlcluster, a wrapper of pg_ctl): initdb in a temporary
// directory, `pg_ctl start` listening on a Unix socket in that directory only, and `pg_ctl restart -m fast` for the
// fault. No TCP port: one found free beforehand can be taken before the server binds it, or while it restarts (the
// other fault tests run beside this one), and a socket file in a private directory cannot be. Not the shared cluster the
// store contract and replicas tests use: restarting that one would cut their connections if they ran at the same
// time (other suites, other people's runs on the same machine). As root, the server runs as `postgres`, as the
// script's cluster does (PostgreSQL refuses to run as root).
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

export interface PrivatePostgres {
  /** `postgres://postgres@localhost/postgres?host=<its directory>` (its Unix socket, trust authentication). */
  url: string;
  /** `pg_ctl restart -m fast`: every connection is closed; resolves once the server is back (`-w`). */
  restart(): Promise<void>;
  stop(): void;
}

/** The directory of PostgreSQL's programs, as Debian installs them (`/usr/lib/postgresql/<major>/bin`). */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], "bin") : undefined;
}

/** Starts a server of its own; throws when PostgreSQL is not installed (run scripts/test-postgres.sh first). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed: run `bash scripts/test-postgres.sh` first (CI does).");
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "studio-faults-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const command = (program: string, args: string[]): [string, string[]] =>
    root ? ["runuser", ["-u", "postgres", "--", join(bin, program), ...args]] : [join(bin, program), args];
  const run = (program: string, args: string[]) =>
    execFileSync(...command(program, args), { stdio: ["ignore", "pipe", "pipe"], cwd: dir });
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-k ${dir} -c listen_addresses='' -c fsync=off -c max_connections=60`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "start"]);
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`,
    // The options the server started with are kept in postmaster.opts, which restart reuses; its output goes to the
    // log (a pipe left open by the server would hold this call until it exits).
    // Asynchronous: the test keeps reading the replicas' readiness while the server goes down and comes back.
    restart: async () => {
      await promisify(execFile)(
        ...command("pg_ctl", ["-D", data, "-l", join(dir, "server.log"), "-m", "fast", "-w", "restart"]),
        { cwd: dir },
      );
    },
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
