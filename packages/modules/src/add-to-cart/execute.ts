import { callFailure, OutsideCallFailed } from '../kit/call-failure';
import type { ModuleRuntime } from '../kit/module-kit';
import { storeCall, storeFailed } from '../kit/store-call';
import { renderMarkdown } from '../text/links';
import type { AddToCartContent } from './schema';

export const addToCartRuntime: ModuleRuntime<AddToCartContent> = {
  async enter(content, context) {
    const variantId = context.render(content.variantId).trim();
    const quantityText = context.render(content.quantity).trim();
    const request = `cart link for ${quantityText} × ${variantId}`;
    try {
      const quantity = Number(quantityText);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999)
        throw new OutsideCallFailed(
          callFailure('template_error', `The quantity is not a whole number from 1 to 999: ${quantityText}`),
        );
      const { url } = await context.store({ operation: 'cart_link', variantId, quantity });
      if (content.resultVariable) context.setVariable(content.resultVariable, url);
      const text = renderMarkdown(content.text, context.render).trim();
      context.send({
        type: 'buttons',
        text,
        buttons: [{ id: 'cart', label: content.buttonLabel, kind: 'url', url }],
      });
      return { kind: 'continue', port: 'next', call: storeCall(request, url) };
    } catch (error) {
      return storeFailed(context, content.failureMessage, request, error);
    }
  },
};
