/** A board a channel posts to by default: its ids and the title people know it by. */
export interface DefaultBoard {
  id: string;
  conversationId: string;
  title: string;
}
