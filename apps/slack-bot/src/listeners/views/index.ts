import type { App } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { BOARD_MODAL } from "../../messages/boards.js";
import { NEW_IMAGE_MODAL } from "../../messages/ids.js";
import { REMIX_MODAL } from "../../messages/remix-modal.js";
import { COLOUR_MODAL, SUBTITLES_MODAL } from "../../messages/video-tool-modals.js";
import { addToBoardSubmit } from "./add-to-board-submit.js";
import { newImageSubmit } from "./new-image-submit.js";
import { remixSubmit } from "./remix-submit.js";
import { colourLookSubmit, subtitlesSubmit } from "./video-tool-submit.js";

/** Registers the modal submissions. */
export function register(app: App, deps: BotDeps): void {
  app.view(BOARD_MODAL.callbackId, addToBoardSubmit(deps));
  app.view(NEW_IMAGE_MODAL.callbackId, newImageSubmit(deps));
  app.view(REMIX_MODAL.callbackId, remixSubmit(deps));
  app.view(SUBTITLES_MODAL.callbackId, subtitlesSubmit(deps));
  app.view(COLOUR_MODAL.callbackId, colourLookSubmit(deps));
}
