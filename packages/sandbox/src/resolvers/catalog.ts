// Resolvers of the catalog area. See the README's behaviour list.
export const catalogResolvers = {};
