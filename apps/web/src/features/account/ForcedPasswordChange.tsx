import { useQueryClient } from '@tanstack/react-query';
import { useLogout } from '../../app/session/useLogout';
import { sessionQuery } from '../../app/session/session.queries';
import { ChangePasswordDialog } from './ChangePasswordDialog';

/**
 * The first sign-in with a password an administrator created or reset: nothing else opens until the
 * user sets their own. Once changed, the session is read again and the console opens as usual.
 */
export function ForcedPasswordChange({ token }: { token: string }) {
  const client = useQueryClient();
  const logout = useLogout();
  return (
    <div className="full-page-center">
      <ChangePasswordDialog open onClose={() => void client.invalidateQueries({ queryKey: sessionQuery(token).queryKey })} forced={{ onSignOut: logout }} />
    </div>
  );
}
