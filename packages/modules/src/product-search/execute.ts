import type { MessageCard } from '@parley/kit';
import type { ModuleRuntime } from '../kit/module-kit';
import type { StoreAnswers, StoreProduct } from '../kit/store';
import { storeCall, storeFailed } from '../kit/store-call';
import { renderMarkdown } from '../text/links';
import type { ProductSearchContent } from './schema';

/** `€89.00`, or `€89.00 – €99.00` when the variants differ (English number format: the bot's words are its own). */
export function priceText(price: StoreProduct['price']): string {
  const format = (amount: string) => {
    try {
      return new Intl.NumberFormat('en', { style: 'currency', currency: price.currencyCode }).format(
        Number(amount),
      );
    } catch {
      return `${amount} ${price.currencyCode}`;
    }
  };
  return price.min === price.max ? format(price.min) : `${format(price.min)} – ${format(price.max)}`;
}

function cardOf(product: StoreProduct, content: ProductSearchContent, index: number): MessageCard {
  return {
    title: product.title,
    subtitle: `${priceText(product.price)} · ${product.available ? content.inStock : content.soldOut}`,
    ...(product.imageUrl ? { imageUrl: product.imageUrl } : {}),
    buttons: [
      ...(product.url
        ? [{ id: `view-${index}`, label: content.viewLabel, kind: 'url' as const, url: product.url }]
        : []),
      ...(content.cartLabel && product.cartUrl
        ? [{ id: `cart-${index}`, label: content.cartLabel, kind: 'url' as const, url: product.cartUrl }]
        : []),
    ],
  };
}

export const productSearchRuntime: ModuleRuntime<ProductSearchContent> = {
  async enter(content, context) {
    const words = context.render(content.words).trim();
    const request = `products(query: "${words}", first: ${content.maxResults})`;
    if (!words) {
      const sorry = renderMarkdown(content.noResultsMessage, context.render).trim();
      if (sorry) context.send({ type: 'text', text: sorry });
      return { kind: 'continue', port: 'no_results', call: storeCall(request, 'nothing to search for') };
    }
    let answer: StoreAnswers['search_products'];
    try {
      answer = await context.store({ operation: 'search_products', words, first: content.maxResults });
    } catch (error) {
      return storeFailed(context, content.failureMessage, request, error);
    }
    const { products } = answer;
    if (content.resultVariable)
      context.setVariable(
        content.resultVariable,
        products.map(({ title, url, price, available, variantId, cartUrl, imageUrl }) => ({
          title,
          url,
          price: priceText(price),
          available,
          variantId,
          cartUrl,
          imageUrl,
        })),
      );
    const result = `${products.length} product${products.length === 1 ? '' : 's'} from ${answer.shopName}${answer.cached ? ' (cached)' : answer.cost !== null ? ` (cost ${answer.cost})` : ''}`;
    if (products.length === 0) {
      const sorry = renderMarkdown(content.noResultsMessage, context.render).trim();
      if (sorry) context.send({ type: 'text', text: sorry });
      return { kind: 'continue', port: 'no_results', call: storeCall(request, result) };
    }
    const intro = renderMarkdown(content.intro, context.render).trim();
    if (intro) context.send({ type: 'text', text: intro });
    context.send({
      type: 'carousel',
      cards: products.map((product, index) => cardOf(product, content, index)),
    });
    return { kind: 'continue', port: 'found', call: storeCall(request, result) };
  },
};
