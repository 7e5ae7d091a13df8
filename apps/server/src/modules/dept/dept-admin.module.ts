import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createDeptAdminRepository } from './dept-admin.repository.js';
import { deptAdminRoutes } from './dept-admin.routes.js';
import { createDeptAdminService } from './dept-admin.service.js';

/** 部门管理: the caller's department subtree and its changes. */
export const deptAdminModule: AppModule = (app, { db, shared }) => {
  const sessions = shared.sessions();
  const hub = shared.hub();
  deptAdminRoutes(
    app,
    createDeptAdminService({
      repo: createDeptAdminRepository(db),
      write: auditedWrite(db, createDeptAdminRepository),
      endSessions: (hashes) => sessions.endSessions(hashes),
      // The hub's way of ending a session's streams; the session itself stays valid, so the console reconnects.
      rescopeStreams: (hashes) => hub.endSessions(hashes),
    }),
  );
};
