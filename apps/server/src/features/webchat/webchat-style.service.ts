import { type WebchatStyle, webchatStyleSchema } from '@parley/contracts';
import type { AppContext } from '../../context';
import { NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import { findWebchatStyle, saveWebchatStyle } from './webchat-style.repository';

/** The bot's web chat style, with every default filled in. */
export async function styleOf(ctx: AppContext, session: Session, botId: string): Promise<WebchatStyle> {
  const stored = isUuid(botId)
    ? await findWebchatStyle(ctx.database.db, session.companyId, botId)
    : undefined;
  if (!stored) throw new NotFoundException('Bot not found');
  return webchatStyleSchema.parse(stored);
}

export async function saveStyle(
  ctx: AppContext,
  session: Session,
  botId: string,
  style: WebchatStyle,
): Promise<WebchatStyle> {
  if (!isUuid(botId) || !(await saveWebchatStyle(ctx.database.db, session.companyId, botId, style))) {
    throw new NotFoundException('Bot not found');
  }
  return style;
}
