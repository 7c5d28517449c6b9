import { randomBytes } from "node:crypto";

/** The stand-in Slack's credentials: shared by the sim and the bot, never printed, never logged. */
export interface StandInSecrets {
  signingSecret: string;
  botToken: string;
  /** The app-level token the bot opens its Socket Mode connection with (PLAYGROUND_SOCKET_MODE). */
  appToken: string;
}

/**
 * Fresh credentials for the stand-in Slack, made at every start: nothing to configure, nothing to leak, and a
 * request signed for another run of the playground is refused.
 */
export function standInSecrets(random: (size: number) => Buffer = randomBytes): StandInSecrets {
  return {
    signingSecret: random(32).toString("hex"),
    // The bot's configuration only takes bot tokens (xoxb-...), as Slack issues them.
    botToken: `xoxb-playground-${random(24).toString("hex")}`,
    // Slack's app-level tokens start xapp-; the bot's configuration refuses any other.
    appToken: `xapp-playground-${random(24).toString("hex")}`,
  };
}
