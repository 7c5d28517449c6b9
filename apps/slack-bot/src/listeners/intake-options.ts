import type { IntakeOptions } from "../flows/slack-intake.js";
import { SLACK_FILE_ORIGINS } from "../services/slack-download.js";

/**
 * Where the intake may send the bot token: Slack's file hosts, and the host of the Web API the client talks to
 * (Slack itself in production; slack-sim in the tests, whose file URLs live there too). Nothing else.
 */
export function slackIntakeOptions({
  client,
  context,
}: {
  client: { slackApiUrl: string };
  context: { botToken?: string };
}): IntakeOptions {
  let apiOrigin: string[] = [];
  try {
    apiOrigin = [new URL(client.slackApiUrl).origin];
  } catch {
    // no usable Web API URL: Slack's file hosts only
  }
  return {
    ...(context.botToken ? { token: context.botToken } : {}),
    fileOrigins: [...SLACK_FILE_ORIGINS, ...apiOrigin],
  };
}
