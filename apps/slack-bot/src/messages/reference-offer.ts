import { actions, button, context, message, quote, type SlackMessage, section, truncate } from "./blocks.js";
import { ACTIONS } from "./ids.js";

/**
 * The reply after images shared with a bare prompt went to the library: the prompt may be a caption ("here is the
 * logo") as well as a description, so nothing was generated; one button generates with the images as references.
 */
export function referenceOfferMessage(input: {
  user: string;
  prompt: string;
  images: number;
  value: string;
}): SlackMessage {
  const which = input.images === 1 ? "this image" : `these ${input.images} images`;
  const label = truncate(`Generate with ${input.images === 1 ? "it" : "them"} as reference`, 75);
  return message(
    `Generate an image of “${quote(input.prompt, 200)}” with ${which} as reference? Nothing was generated.`,
    [
      section(
        `<@${input.user}>, I put ${which} in the library. Should I also make an image of “${quote(input.prompt, 500)}” ` +
          `with ${input.images === 1 ? "it" : "them"} as reference?`,
      ),
      actions([button(label, ACTIONS.askImage, input.value, "primary")]),
      context("Nothing is spent until you click. `/studio image <prompt>` with images attached generates at once."),
    ],
  );
}
