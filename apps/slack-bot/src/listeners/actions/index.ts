import type { App } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { ACTIONS } from "../../messages/ids.js";
import { ADD_LATEST_ACTION, OPEN_BOARD_ACTION } from "../../messages/work-objects.js";
import { addToBoardAction } from "./add-to-board.js";
import { addToDefaultBoardAction } from "./add-to-default-board.js";
import { animateAction } from "./animate.js";
import { askChoiceAction } from "./ask.js";
import { cancelSpendAction } from "./cancel-spend.js";
import { confirmSpendAction } from "./confirm-spend.js";
import { feedbackAction } from "./feedback.js";
import { followUpAction } from "./follow-up.js";
import { historyRunAgainAction } from "./history.js";
import { homeNewImageAction, homeRefreshAction } from "./home.js";
import { regenerateAction } from "./regenerate.js";
import { remixAction } from "./remix.js";
import { removeBackgroundAction } from "./remove-background.js";
import { upscaleAction } from "./upscale.js";
import { variationsAction } from "./variations.js";
import { videoSquareAction, videoVerticalAction } from "./video-format.js";
import { videoColourLookAction, videoSoundAction, videoSubtitlesAction, videoUpscaleAction } from "./video-tools.js";
import { addLatestAction, openBoardAction } from "./work-objects.js";

/**
 * Registers the image and video result buttons, the Confirm / Cancel of a costly generation, the App Home's buttons
 * and a board flexpane's actions.
 */
export function register(app: App, deps: BotDeps): void {
  app.action(ACTIONS.addToBoard, addToBoardAction(deps));
  app.action(ACTIONS.addToDefaultBoard, addToDefaultBoardAction(deps));
  app.action(ACTIONS.variations, variationsAction(deps));
  app.action(ACTIONS.upscale, upscaleAction(deps));
  app.action(ACTIONS.removeBackground, removeBackgroundAction(deps));
  app.action(ACTIONS.animate, animateAction(deps));
  app.action(ACTIONS.regenerate, regenerateAction(deps));
  app.action(ACTIONS.remix, remixAction(deps));
  app.action(ACTIONS.videoVertical, videoVerticalAction(deps));
  app.action(ACTIONS.videoSquare, videoSquareAction(deps));
  app.action(ACTIONS.videoSound, videoSoundAction(deps));
  app.action(ACTIONS.videoSubtitles, videoSubtitlesAction(deps));
  app.action(ACTIONS.videoUpscale, videoUpscaleAction(deps));
  app.action(ACTIONS.videoColourLook, videoColourLookAction(deps));
  app.action(ACTIONS.confirmSpend, confirmSpendAction(deps));
  app.action(ACTIONS.cancelSpend, cancelSpendAction(deps));
  app.action(ACTIONS.homeRefresh, homeRefreshAction(deps));
  app.action(ACTIONS.homeNewImage, homeNewImageAction(deps));
  app.action(ACTIONS.historyRunAgain, historyRunAgainAction(deps));
  app.action(ACTIONS.askCommand, askChoiceAction(deps));
  app.action(ACTIONS.askImage, askChoiceAction(deps));
  app.action(ACTIONS.feedback, feedbackAction(deps));
  app.action(ACTIONS.followUpChange, followUpAction(deps));
  app.action(ACTIONS.followUpNew, followUpAction(deps));
  app.action(OPEN_BOARD_ACTION, openBoardAction());
  app.action(ADD_LATEST_ACTION, addLatestAction(deps));
}
