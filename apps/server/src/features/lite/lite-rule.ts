import { type Flow, isLiteShape } from '@parley/flow';
import { ForbiddenException } from '../../errors';
import type { Session } from '../../plugins/authenticate';

/**
 * The lite rule on saving a flow: a Lite company's bots keep the shape the lite settings edit
 * (what the lite template builds), whoever sends the flow.
 */
export function assertLiteShapeAllowed(session: Session, flow: Flow): void {
  if (session.user.company_type === 'Lite' && !isLiteShape(flow)) {
    throw new ForbiddenException(
      'Lite companies change their bots through the guided settings; this flow is not one they can edit',
      { reason: 'lite-shape' },
    );
  }
}
