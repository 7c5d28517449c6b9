import { assertOwned, assertWorkspace } from "../access.js";
import type { RequestContext } from "../core.js";
import { newestFirst, paginate } from "../pagination.js";
import type { ProductRecord } from "../state/types.js";

interface ProductsArgs {
  workspaceId: string;
  first?: number | null;
  after?: string | null;
  search?: string | null;
  ids?: string[] | null;
  sortBy?: string | null;
  sortOrder?: string | null;
}

const matches = (product: ProductRecord, term: string) =>
  [product.name, product.description, product.category].some((text) => text?.toLowerCase().includes(term));

export const productsResolvers = {
  Query: {
    /** Sorted by CREATED_AT, DESC: the only sort field and order the spec lists (and the SDL allows). */
    products: (_: unknown, args: ProductsArgs, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      const term = args.search?.trim().toLowerCase();
      const ids = args.ids ? new Set(args.ids) : null;
      const products = newestFirst(ctx.core.state.products.values()).filter(
        (product) =>
          product.workspaceId === args.workspaceId &&
          (!ids || ids.has(product.id)) &&
          (!term || matches(product, term)),
      );
      return paginate(products, args.first, args.after, 20);
    },
    product: (_: unknown, args: { id: string }, ctx: RequestContext) =>
      assertOwned(ctx, ctx.core.state.products.get(args.id), "Product", args.id),
  },
  Product: {
    // No default page size is documented for these (docs/schema-gaps.md G47): all, up to the sandbox maximum.
    images: (product: ProductRecord, args: { first?: number | null }) =>
      paginate(product.images, args.first, null, product.images.length),
    referencedImages: (product: ProductRecord, args: { first?: number | null }) =>
      paginate(product.referencedImages, args.first, null, product.referencedImages.length),
  },
};
