// Resolvers of the generation area. See the README's behaviour list.
export const generationResolvers = {};
