import { authRouter } from '../modules/auth/auth.router.js';
import { systemRouter } from '../modules/system/system.router.js';
import { createCallerFactory, router } from './init.js';

export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
