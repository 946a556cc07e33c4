import {
  adminUserDetailSchema,
  adminUserSchema,
  adminUserSearchQuerySchema,
  adminUserUpdateBodySchema,
  balanceAdjustmentBodySchema,
  balanceAdjustmentResultSchema,
  commissionBodySchema,
  idParamsSchema,
  listResponseSchema,
  optionalReasonBodySchema,
  optionalRestrictionBodySchema,
  resetLinkSchema,
  staffRoleBodySchema,
  verificationDecisionBodySchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { publicOrigin } from '../../lib/public-origin';
import { adminActor } from './admin.common';
import {
  adjustBalance,
  adminUserDetail,
  decideVerification,
  editUser,
  resetPasswordLink,
  searchAdminUsers,
  setCommission,
  setStaffRole,
  setUserStatus,
} from './admin.users.service';

const tags = ['admin'];
const base = { config: { access: 'admin' as const } };

export default async function adminUsersRoutes(app: App) {
  app.get(
    '/admin/users',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: search accounts by username, name or email; filter by role, status and verification',
        querystring: adminUserSearchQuerySchema,
        response: { 200: listResponseSchema(adminUserSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      return searchAdminUsers(app.ctx, req.query);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: one account with its creator profile, identity documents, sessions and balances',
        params: idParamsSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) => {
      adminActor(req);
      return adminUserDetail(app.ctx, req.params.id);
    },
  );

  app.put(
    '/admin/users/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: edit an account (name, username, email, email verified, admin role)',
        params: idParamsSchema,
        body: adminUserUpdateBodySchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) => editUser(app.ctx, adminActor(req), req.params.id, req.body),
  );

  app.put(
    '/admin/users/:id/staff-role',
    {
      ...base,
      schema: {
        tags,
        summary:
          'Admin: grant the moderator role (review queue, live monitor, complaints, reports; no money, settings, roles or payouts) or revoke it (null); audited',
        params: idParamsSchema,
        body: staffRoleBodySchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) => setStaffRole(app.ctx, adminActor(req), req.params.id, req.body.staffRole),
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: suspend an account; every session of it ends at once; the user gets a statement of reasons',
        params: idParamsSchema,
        body: optionalRestrictionBodySchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) =>
      setUserStatus(app.ctx, adminActor(req), req.params.id, 'suspended', req.body.reason, { ground: req.body.ground }),
  );

  app.post(
    '/admin/users/:id/reactivate',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: reactivate a suspended account',
        params: idParamsSchema,
        body: optionalReasonBodySchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) => setUserStatus(app.ctx, adminActor(req), req.params.id, 'active', req.body.reason),
  );

  app.post(
    '/admin/users/:id/reset-password',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: a single-use password recovery link for the account (also mailed to it)',
        params: idParamsSchema,
        response: { 200: resetLinkSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      const origin = publicOrigin(app.ctx.config, req);
      return resetPasswordLink(app.ctx, actor, req.params.id, origin);
    },
  );

  app.post(
    '/admin/users/:id/verification',
    {
      ...base,
      schema: {
        tags,
        summary: "Admin: approve or reject a creator's identity (a rejection needs a reason); the creator is told",
        params: idParamsSchema,
        body: verificationDecisionBodySchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) => decideVerification(app.ctx, adminActor(req), req.params.id, req.body.decision, req.body.reason),
  );

  app.put(
    '/admin/users/:id/commission',
    {
      ...base,
      schema: {
        tags,
        summary: "Admin: override the platform commission for one creator (null: the site's default)",
        params: idParamsSchema,
        body: commissionBodySchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) => setCommission(app.ctx, adminActor(req), req.params.id, req.body.commissionPercent),
  );

  app.post(
    '/admin/users/:id/balance-adjustments',
    {
      ...base,
      schema: {
        tags,
        summary:
          "Admin: add to or remove from a fan's wallet or a creator's earnings through the ledger, with a required reason",
        params: idParamsSchema,
        body: balanceAdjustmentBodySchema,
        response: { 200: balanceAdjustmentResultSchema },
      },
    },
    async (req) => adjustBalance(app.ctx, adminActor(req), req.params.id, req.body),
  );
}
