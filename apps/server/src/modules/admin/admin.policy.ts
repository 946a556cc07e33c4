import { isAdmin } from '../../plugins/auth';

/** An admin changing their own role to another one (refused: another admin must do it). */
export const isSelfDemotion = (actorId: string, targetId: string, role: string | undefined) =>
  actorId === targetId && role !== undefined && !isAdmin({ role });
