// Resolvers of the uploads area. See the README's behaviour list.
export const uploadsResolvers = {};
