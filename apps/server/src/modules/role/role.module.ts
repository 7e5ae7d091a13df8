import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createRoleRepository } from './role.repository.js';
import { roleRoutes } from './role.routes.js';
import { createRoleService } from './role.service.js';

/** 角色管理: roles as named sets of the contracts' permissions, owned by a department; every change audited in its transaction. */
export const roleModule: AppModule = (app, { db }) => roleRoutes(app, createRoleService(createRoleRepository(db), auditedWrite(db, createRoleRepository)));
