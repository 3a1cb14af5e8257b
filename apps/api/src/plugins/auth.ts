import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { TWO_FACTOR_STEPS, type TwoFactorStep } from '@uplift/core/schemas/two-factor';
import { isDatabaseUnavailable } from '../db/pg-errors.ts';
import { httpErrors } from '../errors.ts';
import { writeSecurityEvent } from '../security-log.ts';

export const ROLE_USER = 'ROLE_USER';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export type Permission = typeof ROLE_USER | typeof ROLE_ADMIN;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'uplift-api';
const AUDIENCE = 'uplift-web';

/** `twoFactor`: the step an admin's sign-in still needs; the token then has no admin rights. */
export type AuthUser = { id: number; permissions: Permission[]; twoFactor?: TwoFactorStep; /** The token's sign-in (refresh-token family). */ session?: string };

/**
 * Whom a token is for. An admin's token carries admin rights only when `secondFactor` is
 * 'passed'; otherwise it says which step is left ('enrol' or 'code', docs/decisions/077).
 */
export type TokenSubject = {
  id: number;
  role: string;
  secondFactor?: 'passed' | TwoFactorStep;
  sessionVersion?: number;
  /** The sign-in (refresh-token family) the token belongs to: it is refused once that ends (logout). */
  session?: string;
};

export type AuthOptions = {
  jwtSecret: string;
  /**
   * The user's current session version (undefined: no such account) and whether the token's
   * sign-in is still live. A token issued under an older version is refused: every session ended
   * after it was issued (password change or reset, erasure). A token whose sign-in ended (logout,
   * a replayed refresh token, a confirmed email change) is refused too (docs/decisions/123).
   * Left out only by tests of the token format alone.
   */
  sessionStateOf?: (userId: number, session: string | undefined) => Promise<{ version: number; live: boolean } | undefined>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes the token an admin holds between the password and the second factor. Only
     * the second-factor steps set it: every other route refuses that token (docs/decisions/123).
     */
    acceptsPendingSecondFactor?: true;
  }
  interface FastifyInstance {
    /**
     * onRequest/preHandler: requires a valid access token (401 otherwise). An admin's token short
     * of the second factor is refused (403, the step that is left) unless the route opts in with
     * `config.acceptsPendingSecondFactor`.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: requires an admin's access token (401 without a token, 403 for a user). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signAccessToken: (user: TokenSubject) => Promise<string>;
    /**
     * Who a request's token is for, on a route that needs no sign-in (the email-change link): the
     * user past any second factor, or null without a valid such token. Never refuses.
     */
    identify: (request: FastifyRequest) => Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function permissionsFor(role: string): Permission[] {
  return role === 'admin' ? [ROLE_USER, ROLE_ADMIN] : [ROLE_USER];
}

/**
 * The claims of a subject's token: admin rights only past the second factor; a token still owing
 * one (an admin's, or a donor's who turned it on: docs/decisions/151) names the step left.
 */
function claimsFor(user: TokenSubject): { permissions: Permission[]; two_factor?: TwoFactorStep } {
  const step = user.secondFactor ?? (user.role === 'admin' ? 'code' : 'passed');
  return step === 'passed' ? { permissions: permissionsFor(user.role) } : { permissions: [ROLE_USER], two_factor: step };
}

/** A route asked of an admin who has not passed the second factor: the web goes to that step. */
const secondFactorNeeded = (step: TwoFactorStep) =>
  step === 'enrol' ? httpErrors.twoFactorEnrolmentRequired() : httpErrors.twoFactorRequired();

/** The signed-in user of a request; call only behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw httpErrors.unauthorized();
  return request.user;
}

export default fp(async function authPlugin(app: FastifyInstance, opts: AuthOptions) {
  const key = new TextEncoder().encode(opts.jwtSecret);
  app.decorateRequest('user', null);

  app.decorate('signAccessToken', async (user: TokenSubject) =>
    new SignJWT({ ...claimsFor(user), sv: user.sessionVersion ?? 0, ...(user.session ? { sid: user.session } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key),
  );

  async function verify(request: FastifyRequest): Promise<AuthUser> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw httpErrors.unauthorized();
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      const id = Number(payload.sub);
      const permissions = Array.isArray(payload.permissions) ? (payload.permissions as Permission[]) : [];
      if (!Number.isInteger(id) || !permissions.includes(ROLE_USER)) throw httpErrors.sessionExpired();
      // One read per request (the user by primary key, its sign-in by index): the price of
      // refusing a token at once when its sessions end.
      if (opts.sessionStateOf) {
        const state = await opts.sessionStateOf(id, typeof payload.sid === 'string' ? payload.sid : undefined);
        if (!state || state.version !== (payload.sv ?? 0) || !state.live) throw httpErrors.sessionExpired();
      }
      const step = TWO_FACTOR_STEPS.find((s) => s === payload.two_factor);
      const session = typeof payload.sid === 'string' ? { session: payload.sid } : {};
      return step ? { id, permissions, twoFactor: step, ...session } : { id, permissions, ...session };
    } catch (err) {
      // The database did not answer: the sign-in may well be live, so it is not ended (503, docs/decisions/153).
      if (isDatabaseUnavailable(err)) throw err;
      // A bad signature, bad claims or an ended session get one answer, whoever threw.
      throw httpErrors.sessionExpired();
    }
  }

  // Default deny: a password-only admin token opens only the routes that say they take it.
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const user = await verify(request);
    if (user.twoFactor && request.routeOptions.config.acceptsPendingSecondFactor !== true) {
      writeSecurityEvent(request.log, 'second_factor_pending', { userId: user.id, ip: request.ip, requestId: request.id, route: request.routeOptions.url, status: 403 });
      throw secondFactorNeeded(user.twoFactor);
    }
    request.user = user;
  });

  app.decorate('identify', async (request: FastifyRequest) => {
    if (!request.headers.authorization) return null;
    const user = await verify(request).catch((err: unknown) => {
      if (isDatabaseUnavailable(err)) throw err;
      return null;
    });
    return user && !user.twoFactor ? user : null;
  });

  /** Every admin route's guard: a refusal is a security event, logged with the client's address. */
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const denied = (status: number, userId: number | null = null) =>
      writeSecurityEvent(request.log, 'admin_denied', { userId, ip: request.ip, requestId: request.id, route: request.routeOptions.url, status });
    try {
      request.user = await verify(request);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) denied(401);
      throw err;
    }
    if (!request.user.permissions.includes(ROLE_ADMIN)) {
      denied(403, request.user.id);
      throw request.user.twoFactor ? secondFactorNeeded(request.user.twoFactor) : httpErrors.forbidden();
    }
  });
});
