import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, forgetSession, login, logout, type Session, sessionLost, storedSession } from './api';
import { Accounting } from './screens/accounting';
import { Calendar } from './screens/calendar';
import { Fce } from './screens/fce';
import { Home } from './screens/home';
import { Inbox } from './screens/inbox';
import { Failure } from './ui';
import './styles.css';

/** The screens, by the hash of the address (`#/`), in the order of the menu. */
const SCREENS = [
  { path: '/', title: 'Inicio' },
  { path: '/comprobantes', title: 'Comprobantes' },
  { path: '/fce', title: 'FCE' },
  { path: '/contabilidad', title: 'Contabilidad' },
  { path: '/vencimientos', title: 'Vencimientos' },
] as const;

function useRoute(): string {
  const [route, setRoute] = useState(location.hash.slice(1) || '/');
  useEffect(() => {
    const changed = () => setRoute(location.hash.slice(1) || '/');
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}

function Login({ onSession }: { onSession: (session: Session) => void }) {
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    try {
      onSession(await login(String(form.get('email')), String(form.get('password'))));
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.code === 'UNAUTHENTICATED';
      setError(refused ? new Error('Correo o contraseña incorrectos.') : (failure as Error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="login">
      <form onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Ingresar al tablero</h1>
        <label>
          Correo electrónico
          <input name="email" type="email" autocomplete="username" required />
        </label>
        <label>
          Contraseña
          <input name="password" type="password" autocomplete="current-password" required />
        </label>
        <button type="submit" disabled={busy}>
          Ingresar
        </button>
        {error && <Failure error={error} />}
      </form>
    </main>
  );
}

function formatCuit(cuit: string): string {
  const digits = cuit.replace(/\D/g, '');
  return digits.length === 11 ? `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}` : cuit;
}

function App() {
  const [session, setSession] = useState<Session | null>(storedSession());
  const [account, setAccount] = useState<{ name: string; cuit: string } | null>(null);
  const route = useRoute();
  useEffect(() => {
    const lost = () => {
      forgetSession();
      setSession(null);
    };
    sessionLost.addEventListener('lost', lost);
    return () => sessionLost.removeEventListener('lost', lost);
  }, []);
  if (!session) return <Login onSession={setSession} />;
  const readOnly = session.role === 'viewer';
  const onAccount = (name: string, cuit: string) => setAccount({ name, cuit });
  return (
    <>
      <header class="top">
        <div class="account">
          <strong data-testid="account-name">{account?.name ?? ''}</strong>
          <span data-testid="account-cuit">{account ? `CUIT ${formatCuit(account.cuit)}` : ''}</span>
        </div>
        <nav aria-label="Secciones">
          {SCREENS.map((screen) => (
            <a key={screen.path} href={`#${screen.path}`} aria-current={route === screen.path ? 'page' : undefined}>
              {screen.title}
            </a>
          ))}
        </nav>
        <div class="user">
          <span>{session.email}</span>
          {readOnly && <span class="badge">solo lectura</span>}
          <button
            type="button"
            onClick={async () => {
              await logout(session);
              setSession(null);
              setAccount(null);
            }}
          >
            Salir
          </button>
        </div>
      </header>
      <main>
        <Home session={session} onAccount={onAccount} hidden={route !== '/'} />
        {route === '/comprobantes' && <Inbox session={session} />}
        {route === '/fce' && <Fce session={session} />}
        {route === '/contabilidad' && <Accounting session={session} />}
        {route === '/vencimientos' && <Calendar session={session} />}
        {!SCREENS.some((screen) => screen.path === route) && <p>No existe esta sección.</p>}
      </main>
    </>
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
