import {
  adminPayoutSearchQuerySchema,
  createPayoutRequestSchema,
  listResponseSchema,
  payoutCalculateBodySchema,
  payoutCalculationSchema,
  payoutMarkPaidBodySchema,
  payoutRejectBodySchema,
  payoutRequestSchema,
  payoutReviewBodySchema,
  payoutSearchQuerySchema,
  payoutSettingsSchema,
  payoutStatementQuerySchema,
  payoutStatementSchema,
  pendingReviewSchema,
  updatePayoutRequestSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { sendCsv } from '../../lib/csv-reply';
import { notFound } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { adminActor } from '../admin';
import { approveRequest, markPaid, rejectRequest } from './payouts.admin';
import { canSeePayoutRequest, revealsPayoutDetails } from './payouts.policy';
import { presentRequest, presentRequests } from './payouts.presenter';
import { findRequest, searchRequests } from './payouts.repo';
import { calculate, createRequest, pendingReview, updateByCreator } from './payouts.service';
import { readSettings } from './payouts.settings';
import { statement, statementCsv } from './payouts.statement';

const idParams = z.object({ id: z.string().uuid() });

const tags = ['payouts'];

/** Payouts: the creator's calls (spec §7), payout settings, and the admin's review queue. */
export default async function payoutsRoutes(app: App) {
  const ctx = app.ctx;

  app.post(
    '/payout-requests/calculate',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary:
          "The creator's payout figures: total earned, paid out, pending, on hold and available (optionally for a date range)",
        body: payoutCalculateBodySchema,
        response: { 200: payoutCalculationSchema },
      },
    },
    async (req) => calculate(ctx, userOf(req).id, req.body ?? {}),
  );

  app.get(
    '/payout-requests/search',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: "The creator's own payout requests (page, pageSize, sortBy, sort; status, method and date filters)",
        querystring: payoutSearchQuerySchema,
        response: { 200: listResponseSchema(payoutRequestSchema) },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { rows, total } = await searchRequests(ctx.db, { ...req.query, performerId: user.id });
      return { data: await presentRequests(ctx, ctx.db, rows), total };
    },
  );

  app.get(
    '/payout-requests/check/pending-review',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Whether the creator has a request under review, and whether a new one may be made',
        response: { 200: pendingReviewSchema },
      },
    },
    async (req) => pendingReview(ctx, userOf(req).id),
  );

  app.get(
    '/payout-requests/statement',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary:
          "The creator's monthly statement: earnings, commission, refunds and payouts (JSON, or CSV with format=csv)",
        querystring: payoutStatementQuerySchema,
        // The JSON answer the web reads; format=csv sends the same statement as text/csv, which Fastify
        // does not serialize, so the CSV string stays outside this schema.
        response: { 200: payoutStatementSchema },
      },
    },
    async (req, reply) => {
      const st = await statement(ctx, userOf(req).id, req.query.month);
      if (req.query.format !== 'csv') return st;
      return sendCsv(reply, `statement-${st.month}.csv`, statementCsv(st));
    },
  );

  app.post(
    '/payout-requests',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Request a payout: amount ≥ the minimum and ≤ available, a configured method; reserved at once',
        body: createPayoutRequestSchema,
        response: { 200: payoutRequestSchema },
      },
    },
    async (req) => createRequest(ctx, userOf(req).id, req.body),
  );

  app.put(
    '/payout-requests/:id',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary:
          'Edit a pending payout request (checks run again; the reservation follows) or cancel it (status cancelled)',
        params: idParams,
        body: updatePayoutRequestSchema,
        response: { 200: payoutRequestSchema },
      },
    },
    async (req) => updateByCreator(ctx, userOf(req).id, req.params.id, req.body),
  );

  app.get(
    '/payout-requests/:id/view',
    {
      schema: {
        tags,
        summary: 'One payout request with its history (its creator or an admin)',
        params: idParams,
        response: { 200: payoutRequestSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const row = await findRequest(ctx.db, req.params.id);
      if (!row || !canSeePayoutRequest(user, row)) throw notFound('Payout request');
      return presentRequest(ctx, ctx.db, row, { reveal: revealsPayoutDetails(user) });
    },
  );

  // ---- payout settings

  app.get(
    '/performers/:id/payout-settings',
    {
      schema: {
        tags,
        summary: "The creator's payout settings, masked: bank, PayPal, Stripe Connect state, preferred method",
        params: idParams,
        response: { 200: payoutSettingsSchema },
      },
    },
    async (req) => readSettings(ctx, userOf(req), req.params.id),
  );

  // ---- admin review

  const admin = { config: { access: 'admin' as const } };
  const adminTags = ['admin', 'payouts'];

  app.get(
    '/admin/payout-requests',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Admin: the payout queue, filterable by status, method, creator and dates',
        querystring: adminPayoutSearchQuerySchema,
        response: { 200: listResponseSchema(payoutRequestSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const { rows, total } = await searchRequests(ctx.db, req.query);
      return { data: await presentRequests(ctx, ctx.db, rows), total };
    },
  );

  app.get(
    '/admin/payout-requests/:id',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Admin: one payout request with the method details unmasked and its history',
        params: idParams,
        response: { 200: payoutRequestSchema },
      },
    },
    async (req) => {
      adminActor(req);
      const row = await findRequest(ctx.db, req.params.id);
      if (!row) throw notFound('Payout request');
      return presentRequest(ctx, ctx.db, row, { reveal: true });
    },
  );

  app.post(
    '/admin/payout-requests/:id/approve',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Admin: approve a pending request (a Stripe Connect request is paid by transfer at once); audited',
        params: idParams,
        body: payoutReviewBodySchema,
        response: { 200: payoutRequestSchema },
      },
    },
    async (req) => approveRequest(ctx, adminActor(req), req.params.id, req.body?.note),
  );

  app.post(
    '/admin/payout-requests/:id/reject',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Admin: reject a pending or approved request with a note (the reservation is released); audited',
        params: idParams,
        body: payoutRejectBodySchema,
        response: { 200: payoutRequestSchema },
      },
    },
    async (req) => rejectRequest(ctx, adminActor(req), req.params.id, req.body.note),
  );

  app.post(
    '/admin/payout-requests/:id/mark-paid',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary:
          'Admin: mark an approved bank or PayPal payout paid with its reference (debits the reservation once); audited',
        params: idParams,
        body: payoutMarkPaidBodySchema,
        response: { 200: payoutRequestSchema },
      },
    },
    async (req) => markPaid(ctx, adminActor(req), req.params.id, req.body),
  );
}
