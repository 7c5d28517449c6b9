/** A board a channel posts to by default: its ids and the title people know it by. */
export interface DefaultBoard {
  id: string;
  conversationId: string;
  title: string;
}

/**
 * Each channel's default board (`/studio board use "title"`). In memory for now: issue 8 makes it durable behind
 * the same two methods, which is why callers await them.
 */
export interface ChannelDefaults {
  get(channel: string): Promise<DefaultBoard | undefined>;
  set(channel: string, board: DefaultBoard): Promise<void>;
}

/**
 * A process-local {@link ChannelDefaults}: lost on restart.
 *
 * @example const defaults = createMemoryChannelDefaults(); await defaults.set("C1", board);
 */
export function createMemoryChannelDefaults(): ChannelDefaults {
  const boards = new Map<string, DefaultBoard>();
  return {
    get: async (channel) => boards.get(channel),
    set: async (channel, board) => {
      boards.set(channel, { ...board });
    },
  };
}
