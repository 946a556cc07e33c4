import type { FastifyReply } from 'fastify';

/**
 * Answers a CSV download. Fastify serializes only JSON answers, so a text/csv body goes out as it is,
 * outside the route's response schema (which describes the JSON answer the web reads).
 */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
