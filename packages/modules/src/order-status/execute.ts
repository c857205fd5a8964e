import type { ModuleRuntime } from '../kit/module-kit';
import type { StoreAnswers } from '../kit/store';
import { storeCall, storeFailed } from '../kit/store-call';
import { renderMarkdown } from '../text/links';
import type { OrderStatusContent } from './schema';

/** `ana@example.com` → `a••@example.com`: the debugger names the lookup without the whole address. */
const maskedEmail = (email: string) =>
  email.replace(/^(.)[^@]*(@.*)?$/, (_, first: string, domain = '') => `${first}••${domain}`);

export const orderStatusRuntime: ModuleRuntime<OrderStatusContent> = {
  async enter(content, context) {
    const orderNumber = context.render(content.orderNumber).trim();
    const email = context.render(content.email).trim();
    const request = `orders(query: "name:#${orderNumber.replace(/^#/, '')}") for ${maskedEmail(email)}`;
    const notFound = (result: string) => {
      const sorry = renderMarkdown(content.notFoundMessage, context.render).trim();
      if (sorry) context.send({ type: 'text', text: sorry });
      return { kind: 'continue' as const, port: 'not_found', call: storeCall(request, result) };
    };
    if (!orderNumber || !email) return notFound('no order number or email to look up');
    // Only the store call's failure takes the Failed connection; a message that does not render
    // is the template error the engine reports for any module.
    let answer: StoreAnswers['order_status'];
    try {
      answer = await context.store({ operation: 'order_status', orderNumber, email });
    } catch (error) {
      return storeFailed(context, content.failureMessage, request, error);
    }
    // Same answer whether the order does not exist or belongs to another email.
    if (!answer.found) return notFound('no order with this number and email');
    context.setVariable(content.resultVariable, answer.order);
    const told = renderMarkdown(content.foundMessage, context.render).trim();
    if (told) context.send({ type: 'text', text: told });
    return {
      kind: 'continue',
      port: 'found',
      call: storeCall(request, `${answer.order.name}: ${answer.order.fulfillmentStatus}`),
    };
  },
};
