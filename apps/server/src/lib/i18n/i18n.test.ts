import {
  ERROR_TEXTS,
  LOCALES,
  NUL_MESSAGE,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  SUBSCRIPTION_TYPE_LABELS,
  SUBSCRIPTION_TYPES,
} from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_UNAVAILABLE, FANS_ONLY_MESSAGE_CREATORS } from '../../modules/conversations/conversations.policy';
import { INSUFFICIENT_BALANCE } from '../../modules/wallet/charges.service';
import { AppError, appError, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../errors';
import { en } from './en';
import { translateAppError, translateError } from './errors';
import { acceptedLocale, CATALOGUES, msg, render, requestLocale } from './index';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = Object.keys(en) as Array<keyof typeof en>;

describe('server message catalogue', () => {
  it.each(LOCALES)('%s has every English key, no other, none empty, with the same placeholders', (locale) => {
    const messages = CATALOGUES[locale];
    expect(Object.keys(messages).sort()).toEqual([...english].sort());
    for (const key of english) {
      expect(messages[key].trim(), `${locale}: ${key}`).not.toBe('');
      expect(placeholders(messages[key]), `${locale}: ${key}`).toEqual(placeholders(en[key]));
    }
  });

  it('English words and errors are the texts the rest of the code uses', () => {
    for (const type of SUBSCRIPTION_TYPES) {
      expect(en[`subscriptionType.${type}`]).toBe(SUBSCRIPTION_TYPE_LABELS[type].toLowerCase());
    }
    for (const method of PAYOUT_METHODS) expect(en[`payoutMethod.${method}`]).toBe(PAYOUT_METHOD_LABELS[method]);
    expect(en['messagePreview.deleted']).toBe(ERROR_TEXTS.messageDeleted);
    expect(en['error.internal']).toBe(ERROR_TEXTS.default);
    expect(en['validation.noNul']).toBe(NUL_MESSAGE);
    expect(en['error.insufficientBalance']).toBe(INSUFFICIENT_BALANCE);
    expect(en['error.accountUnavailable']).toBe(ACCOUNT_UNAVAILABLE);
    expect(en['error.creatorsOnlyMessages']).toBe(FANS_ONLY_MESSAGE_CREATORS);
    expect(unauthorized().message).toBe(en['error.unauthorized']);
    expect(forbidden().message).toBe(en['error.forbidden']);
    expect(tooManyRequests().message).toBe(en['error.rateLimited']);
  });

  it('renders placeholders, nested words and dates in the language; English dates stay as they were', () => {
    const date = new Date('2026-12-01T10:30:00Z');
    const order = msg('notify.order.fan', { number: 'M-7', status: msg('deliveryStatus.shipping') });
    expect(render('en', order)).toBe('Your order M-7 is shipping');
    expect(render('de', order)).toBe('Deine Bestellung M-7 ist im Versand');
    const renews = msg('notify.subscription.runsUntil', { date });
    expect(render('en', renews)).toBe(`It now runs until ${date.toUTCString()}.`);
    expect(render('de', renews)).toBe('Es läuft jetzt bis 1. Dezember 2026 um 10:30 UTC.');
    expect(render('fr', msg('notify.charge.tip', { amount: '12.00' }))).toBe('Vous avez reçu un pourboire de 12.00');
  });

  it('picks the language of an Accept-Language header by quality, and the account’s language first', () => {
    expect(acceptedLocale('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(acceptedLocale('xx, pt;q=0.5, de;q=0.7')).toBe('de');
    expect(acceptedLocale('pt-PT')).toBe('pt-BR');
    expect(acceptedLocale('*, zz')).toBeNull();
    expect(acceptedLocale(undefined)).toBeNull();
    expect(requestLocale({ user: { locale: 'es' }, headers: { 'accept-language': 'de' } })).toBe('es');
    expect(requestLocale({ user: { locale: null }, headers: { 'accept-language': 'de' } })).toBe('de');
    expect(requestLocale({ user: null, headers: {} })).toBe('en');
  });
});

describe('error messages in the reader’s language', () => {
  it('finds the catalogue text behind an English message, with its words and values', () => {
    expect(translateError('de', notFound('Notification').message)).toBe('Benachrichtigung nicht gefunden');
    expect(translateError('es', notFound('File').message)).toBe('No se ha encontrado el archivo');
    expect(translateError('fr', INSUFFICIENT_BALANCE)).toBe('Solde insuffisant, veuillez recharger votre portefeuille');
    expect(translateError('pt-BR', unauthorized().message)).toBe('Entre para continuar');
    expect(translateError('de', 'Too many attempts. Please try again in 5 seconds.')).toBe(
      'Zu viele Versuche. Bitte versuche es in 5 Sekunden erneut.',
    );
    expect(translateError('de', 'Too many attempts. Please try again in 1 minute.')).toBe(
      'Zu viele Versuche. Bitte versuche es in 1 Minute erneut.',
    );
  });

  it('translates validation messages after the field, which stays as it is', () => {
    expect(translateError('fr', 'body.email: Invalid email address')).toBe('body.email: Adresse e-mail invalide');
    expect(translateError('de', 'body.name: Invalid input: expected string, received undefined')).toBe(
      'body.name: ist erforderlich (erwartet: string)',
    );
    expect(translateError('es', 'body.title: Too small: expected string to have >=3 characters')).toBe(
      'body.title: Demasiado corto: al menos 3 caracteres',
    );
    expect(translateError('pt-BR', 'title is required')).toBe('title é obrigatório');
  });

  it('translates an API error by its catalogue message or its code, not by its English', () => {
    const limited = appError(
      429,
      'RATE_LIMITED',
      msg('error.tooManyAttempts', { wait: msg('time.minutes', { n: 2 }) }),
    );
    expect(limited.message).toBe('Too many attempts. Please try again in 2 minutes.');
    // the English may change: the German comes from the message and its values
    limited.message = 'Slow down';
    expect(translateAppError('de', limited)).toBe('Zu viele Versuche. Bitte versuche es in 2 Minuten erneut.');
    expect(translateAppError('de', notFound('Creator'))).toBe(
      render('de', msg('error.notFound', { what: msg('noun.Creator') })),
    );
    // a code with one text is translated by the code
    expect(translateAppError('de', conflict(en['error.emailTaken'], 'EMAIL_TAKEN'))).toBe(
      CATALOGUES.de['error.emailTaken'],
    );
    // …unless the error says something else under that code
    expect(translateAppError('de', new AppError(409, 'Taken twice', 'EMAIL_TAKEN'))).toBe('Taken twice');
    expect(translateAppError('en', limited)).toBe('Slow down');
  });

  it('leaves English, and texts the catalogue does not have, unchanged', () => {
    expect(translateError('en', 'Notification not found')).toBe('Notification not found');
    expect(translateError('de', 'Route GET /api/nope not found')).toBe('Route GET /api/nope not found');
    expect(translateError('de', 'Only the producer can remove a person')).toBe('Only the producer can remove a person');
    expect(translateError('de', 'display name is required')).toBe('display name is required');
  });
});
