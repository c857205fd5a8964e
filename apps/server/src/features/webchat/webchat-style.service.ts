import { type WebchatStyle, webchatStyleSchema } from '@parley/contracts';
import type { Queryable } from '../../db/database';
import { NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import { findWebchatStyle, saveWebchatStyle } from './webchat-style.repository';

/** The bot's web chat style, with every default filled in. */
export async function styleOf(db: Queryable, session: Session, botId: string): Promise<WebchatStyle> {
  const stored = isUuid(botId) ? await findWebchatStyle(db, session.companyId, botId) : undefined;
  if (!stored) throw new NotFoundException('Bot not found');
  return webchatStyleSchema.parse(stored);
}

export async function saveStyle(
  db: Queryable,
  session: Session,
  botId: string,
  style: WebchatStyle,
): Promise<WebchatStyle> {
  if (!isUuid(botId) || !(await saveWebchatStyle(db, session.companyId, botId, style))) {
    throw new NotFoundException('Bot not found');
  }
  return style;
}
