// Resolvers of the boards area. See the README's behaviour list.
export const boardsResolvers = {};
