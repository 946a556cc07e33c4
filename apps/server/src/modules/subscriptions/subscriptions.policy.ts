import { type Actor, isAdmin } from '../../plugins/auth';

/** Who cancels a fan's subscription besides the fan: admins (a creator blocks the fan instead). */
export const canCancelForFans = (actor: Pick<Actor, 'role'>) => isAdmin(actor);
