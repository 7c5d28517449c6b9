import type { webApi } from "@slack/bolt";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { AccessConfig } from "../src/config.js";
import {
  createAccessPolicy,
  GROUP_MEMBERS_TTL_MS,
  type UsergroupsClient,
  usergroupMembersFrom,
} from "../src/services/access.js";

const rules = (partial: Partial<AccessConfig>): AccessConfig => ({ users: [], groups: [], channels: [], ...partial });

/** A fake usergroups.users.list: members per group, every call recorded, failures on demand. */
function groupsDirectory(members: Record<string, string[]>) {
  const calls: string[] = [];
  const failing = new Set<string>();
  return {
    calls,
    failing,
    read: async (group: string) => {
      calls.push(group);
      if (failing.has(group)) throw new Error(`ratelimited reading ${group}`);
      return members[group] ?? [];
    },
  };
}

/** A read that stays pending until released, to make checks overlap. */
function deferredRead(members: string[]) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    release: () => release(),
    read: async () => {
      calls += 1;
      await gate;
      return members;
    },
  };
}

describe("createAccessPolicy", () => {
  it("lets everyone generate when no rule is configured, without reading any group", async () => {
    const directory = groupsDirectory({});
    const policy = createAccessPolicy(rules({}), { usergroupMembers: directory.read });
    expect(policy.restricted).toBe(false);
    expect(await policy.check("U0ANYONE", "C0ANY")).toEqual({ allowed: true, via: "open" });
    expect(directory.calls).toEqual([]);
  });

  it("lets a listed user generate anywhere, and refuses an unlisted one", async () => {
    const policy = createAccessPolicy(rules({ users: ["U0ALICE"] }), { usergroupMembers: async () => [] });
    expect(policy.restricted).toBe(true);
    expect(await policy.check("U0ALICE", "C0RANDOM")).toEqual({ allowed: true, via: "user" });
    expect(await policy.check("U0BOB", "C0RANDOM")).toEqual({ allowed: false, reason: "not-listed" });
  });

  it("lets anyone generate in a listed channel, and nobody elsewhere", async () => {
    const policy = createAccessPolicy(rules({ channels: ["C0STUDIO"] }), { usergroupMembers: async () => [] });
    expect(await policy.check("U0BOB", "C0STUDIO")).toEqual({ allowed: true, via: "channel" });
    expect(await policy.check("U0BOB", "C0RANDOM")).toEqual({ allowed: false, reason: "not-listed" });
    expect(await policy.check("U0BOB")).toEqual({ allowed: false, reason: "not-listed" });
  });

  it("lets a member of a listed group generate, and reads no group for a listed user or channel", async () => {
    const directory = groupsDirectory({ S0DESIGN: ["U0CARA"], S0VIDEO: ["U0DAN"] });
    const policy = createAccessPolicy(
      rules({ users: ["U0ALICE"], channels: ["C0STUDIO"], groups: ["S0DESIGN", "S0VIDEO"] }),
      {
        usergroupMembers: directory.read,
      },
    );
    expect(await policy.check("U0ALICE", "C0RANDOM")).toEqual({ allowed: true, via: "user" });
    expect(await policy.check("U0BOB", "C0STUDIO")).toEqual({ allowed: true, via: "channel" });
    expect(directory.calls).toEqual([]);
    expect(await policy.check("U0DAN", "C0RANDOM")).toEqual({ allowed: true, via: "group" });
    expect(await policy.check("U0BOB", "C0RANDOM")).toEqual({ allowed: false, reason: "not-listed" });
  });

  it("reads each group once per 5 minutes and again after that", async () => {
    let now = 1_000_000;
    const directory = groupsDirectory({ S0DESIGN: ["U0CARA"] });
    const policy = createAccessPolicy(rules({ groups: ["S0DESIGN"] }), {
      usergroupMembers: directory.read,
      now: () => now,
    });
    await policy.check("U0CARA", "C0RANDOM");
    await policy.check("U0BOB", "C0RANDOM");
    now += GROUP_MEMBERS_TTL_MS - 1;
    await policy.check("U0CARA", "C0RANDOM");
    expect(directory.calls).toEqual(["S0DESIGN"]);
    now += 1;
    await policy.check("U0CARA", "C0RANDOM");
    expect(directory.calls).toEqual(["S0DESIGN", "S0DESIGN"]);
  });

  it("sees someone added to a group once the cached members expire", async () => {
    let now = 0;
    const members: Record<string, string[]> = { S0DESIGN: [] };
    const policy = createAccessPolicy(rules({ groups: ["S0DESIGN"] }), {
      usergroupMembers: async (group) => members[group] ?? [],
      now: () => now,
      ttlMs: 60_000,
    });
    expect(await policy.check("U0CARA", "C0RANDOM")).toMatchObject({ allowed: false });
    members.S0DESIGN = ["U0CARA"];
    expect(await policy.check("U0CARA", "C0RANDOM")).toMatchObject({ allowed: false });
    now = 60_000;
    expect(await policy.check("U0CARA", "C0RANDOM")).toEqual({ allowed: true, via: "group" });
  });

  it("shares one read between checks that miss the cache together", async () => {
    const read = deferredRead(["U0CARA"]);
    const policy = createAccessPolicy(rules({ groups: ["S0DESIGN"] }), { usergroupMembers: read.read });
    const checks = [policy.check("U0CARA", "C1"), policy.check("U0BOB", "C1"), policy.check("U0CARA", "C2")];
    read.release();
    expect(await Promise.all(checks)).toEqual([
      { allowed: true, via: "group" },
      { allowed: false, reason: "not-listed" },
      { allowed: true, via: "group" },
    ]);
    expect(read.calls).toBe(1);
  });

  it("says membership could not be read when a group read fails, and does not cache the failure", async () => {
    const directory = groupsDirectory({ S0DESIGN: ["U0CARA"] });
    directory.failing.add("S0DESIGN");
    const policy = createAccessPolicy(rules({ groups: ["S0DESIGN"] }), { usergroupMembers: directory.read });
    const decision = await policy.check("U0CARA", "C0RANDOM");
    expect(decision).toEqual({
      allowed: false,
      reason: "membership-unknown",
      failures: [{ group: "S0DESIGN", error: expect.objectContaining({ message: "ratelimited reading S0DESIGN" }) }],
    });
    directory.failing.clear();
    expect(await policy.check("U0CARA", "C0RANDOM")).toEqual({ allowed: true, via: "group" });
    expect(directory.calls).toEqual(["S0DESIGN", "S0DESIGN"]);
  });

  it("treats a read that throws at once like a failed read, never rejecting the check", async () => {
    const policy = createAccessPolicy(rules({ groups: ["S0DESIGN"] }), {
      usergroupMembers: () => {
        throw new Error("not connected");
      },
    });
    await expect(policy.check("U0CARA", "C0RANDOM")).resolves.toMatchObject({
      allowed: false,
      reason: "membership-unknown",
    });
  });

  it("allows a member of a group that could be read even when another group failed", async () => {
    const directory = groupsDirectory({ S0DESIGN: ["U0CARA"], S0VIDEO: ["U0DAN"] });
    directory.failing.add("S0DESIGN");
    const policy = createAccessPolicy(rules({ groups: ["S0DESIGN", "S0VIDEO"] }), { usergroupMembers: directory.read });
    expect(await policy.check("U0DAN", "C0RANDOM")).toEqual({ allowed: true, via: "group" });
    expect(await policy.check("U0BOB", "C0RANDOM")).toMatchObject({
      allowed: false,
      reason: "membership-unknown",
      failures: [{ group: "S0DESIGN" }],
    });
  });

  it("refuses a negative or non-numeric ttlMs up front", () => {
    const usergroupMembers = async () => [];
    expect(() => createAccessPolicy(rules({}), { usergroupMembers, ttlMs: -1 })).toThrow(/ttlMs/);
    expect(() => createAccessPolicy(rules({}), { usergroupMembers, ttlMs: Number.NaN })).toThrow(/ttlMs/);
  });
});

describe("usergroupMembersFrom", () => {
  const clientAnswering = (answer: { ok?: boolean; error?: string; users?: string[] }) => {
    const asked: unknown[] = [];
    const client: UsergroupsClient = {
      usergroups: {
        users: {
          list: async (args) => {
            asked.push(args);
            return answer;
          },
        },
      },
    };
    return { client, asked };
  };

  it("reads the members with usergroups.users.list", async () => {
    const { client, asked } = clientAnswering({ ok: true, users: ["U0CARA", "U0DAN"] });
    expect(await usergroupMembersFrom(client)("S0DESIGN")).toEqual(["U0CARA", "U0DAN"]);
    expect(asked).toEqual([{ usergroup: "S0DESIGN" }]);
  });

  it("fails, rather than answering no members, when Slack's answer is not ok or has no list", async () => {
    await expect(
      usergroupMembersFrom(clientAnswering({ ok: false, error: "no_such_subteam" }).client)("S0GONE"),
    ).rejects.toThrow(/usergroups\.users\.list gave no members for S0GONE: no_such_subteam/);
    await expect(usergroupMembersFrom(clientAnswering({ ok: true }).client)("S0DESIGN")).rejects.toThrow(/no members/);
  });

  it("passes a client error through, so the policy reports membership-unknown", async () => {
    const client: UsergroupsClient = {
      usergroups: { users: { list: async () => Promise.reject(new Error("An API error occurred: missing_scope")) } },
    };
    const policy = createAccessPolicy(rules({ groups: ["S0DESIGN"] }), {
      usergroupMembers: usergroupMembersFrom(client),
    });
    expect(await policy.check("U0CARA", "C0RANDOM")).toMatchObject({ reason: "membership-unknown" });
  });

  it("accepts Bolt's WebClient", () => {
    expectTypeOf<webApi.WebClient>().toExtend<UsergroupsClient>();
  });
});
