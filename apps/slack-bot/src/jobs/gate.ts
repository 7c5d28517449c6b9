import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import {
  accessDeniedMessage,
  accessUnknownMessage,
  limitReachedMessage,
  readOnlyKeyMessage,
} from "../messages/access.js";
import { limitRefusal } from "../store/limits.js";

/**
 * Whether the asker may spend credits here at all: the key is not known to be read-only, and the access rules let
 * them (STUDIO_ALLOWED_*). Answers the asker (ephemeral) and resolves false when not; reading commands never come
 * here. Checked before the options and the credits, so nobody is asked to confirm what they may not do.
 */
export async function mayGenerate(deps: BotDeps, surface: Surface): Promise<boolean> {
  if (deps.keyMode.isReadOnly()) {
    await surface.ephemeral(readOnlyKeyMessage());
    return false;
  }
  const decision = await deps.access.check(surface.user, surface.channel);
  if (decision.allowed) return true;
  if (decision.reason === "membership-unknown") {
    for (const failure of decision.failures) {
      deps.logger.warn({ err: failure.error, group: failure.group }, "could not read a user group's members");
    }
    await surface.ephemeral(accessUnknownMessage());
  } else {
    deps.logger.info({ user: surface.user, channel: surface.channel }, "generation refused by the access rules");
    await surface.ephemeral(accessDeniedMessage(deps.config.access));
  }
  return false;
}

/**
 * Whether a job of this size fits the quotas now (a read: the store checks again, atomically, when the job is
 * created). Lets the Confirm prompt be skipped for a request the quotas would refuse anyway.
 */
export async function fitsLimits(
  deps: BotDeps,
  surface: Surface,
  job: { outputs: number; credits: number },
): Promise<boolean> {
  const now = deps.now();
  const refusal = limitRefusal(await deps.store.jobs.usage(surface.user, now), deps.config.limits, job);
  if (!refusal) return true;
  await surface.ephemeral(limitReachedMessage(refusal, job, now));
  return false;
}
