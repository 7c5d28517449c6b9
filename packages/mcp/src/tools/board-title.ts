/** The longest board title the tools take (create_board, and a generation's `board`, which may create one). */
export const MAX_BOARD_TITLE = 200;
