import { useParams } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { PartySigningView } from '../../features/signing/party-signing';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * `/sign/:token`: the page a party's signing e-mail links to. Public and without the app's shell: the party has no
 * account, so only the product's name tops the page.
 */
export function PartySignPage() {
  usePageTitle('Sign a document');
  const { token = '' } = useParams();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 w-full max-w-2xl items-center px-4">
          <Logo />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-8">
        <PartySigningView token={token} />
      </main>
    </div>
  );
}
