// A streamed message's record in slack-sim (`SimMessage.stream`) as the page's contract type: what a person sees
// of the stream (the plan, its tasks, the text), without the chunk log tests read from the sim itself.
import type { SimStream } from "@studio-kit/slack-sim";
import type { StreamTaskView, StreamView } from "../shared/api.js";

export function streamView(stream: SimStream): StreamView {
  return {
    state: stream.state,
    ...(stream.stoppedBy ? { stoppedBy: stream.stoppedBy } : {}),
    displayMode: stream.taskDisplayMode,
    ...(stream.planTitle ? { planTitle: stream.planTitle } : {}),
    tasks: stream.tasks.map(
      (task): StreamTaskView => ({
        id: task.id,
        title: task.title,
        status: task.status,
        ...(task.details ? { details: task.details } : {}),
        ...(task.output ? { output: task.output } : {}),
      }),
    ),
    text: stream.text,
  };
}
