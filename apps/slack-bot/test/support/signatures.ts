// A signed URL's signature is a secret here (DEVELOPERS.md): a result message in a channel must never carry one, nor
// the platform's link that holds it (it leaks to everyone there and breaks when it expires: issue 38).
import type { SlackSim } from "@studio-kit/slack-sim";

/** Signed-URL signatures as S3-style hosts (the platform) and others write them. */
export const SIGNATURE = /X-Amz-Signature|X-Goog-Signature|[?&]Signature=|[?&]sig=/i;

/** Every Web API call the bot made (refused ones too) whose arguments hold a signature, shortened for a failure. */
export function signedUrlsSent(sim: SlackSim): string[] {
  return sim
    .calls()
    .filter((call) => SIGNATURE.test(JSON.stringify(call.args)))
    .map((call) => `${call.method}: ${JSON.stringify(call.args).slice(0, 200)}`);
}
