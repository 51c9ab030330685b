// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter, Link, MemoryRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from '../src/index';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Product() {
  const { slug } = useParams();
  return <h1>Product {slug}</h1>;
}

function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash}${state ? ` ${JSON.stringify(state)}` : ''}`}</p>;
}

function Store() {
  return (
    <>
      <Link to="/product/ruby">Ruby</Link>
      <Link to="/product-category/roses?page=2">Roses, page 2</Link>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/product/:slug" element={<Product />} />
        <Route path="/product-category" element={<Navigate to="/product-category/roses" replace />} />
        <Route path="/product-category/:slug" element={<h1>Category</h1>} />
        <Route path="*" element={<h1>Page not found</h1>} />
      </Routes>
      <Where />
    </>
  );
}

const visit = (url: string) => window.history.replaceState(null, '', url);

describe('BrowserRouter', () => {
  it('draws the route of the address and follows a link without loading a document', async () => {
    visit('/');
    render(<BrowserRouter><Store /></BrowserRouter>);
    expect(screen.getByRole('heading').textContent).toBe('Home');
    const before = window.history.length;
    const link = screen.getByRole('link', { name: 'Ruby' });
    expect(link.getAttribute('href')).toBe('/product/ruby');
    await act(async () => fireEvent.click(link));
    expect(screen.getByRole('heading').textContent).toBe('Product ruby');
    expect(window.location.pathname).toBe('/product/ruby');
    expect(window.history.length).toBe(before + 1);
  });

  it('leaves a click with a modifier or another button to the browser', async () => {
    visit('/');
    render(<BrowserRouter><Store /></BrowserRouter>);
    const link = screen.getByRole('link', { name: 'Ruby' });
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...click });
      await act(async () => link.dispatchEvent(event));
      expect(event.defaultPrevented, JSON.stringify(click)).toBe(false);
    }
    expect(window.location.pathname).toBe('/');
  });

  it('follows an address changed by another app on the page (a popstate, as single-spa sends)', async () => {
    visit('/');
    render(<BrowserRouter><Store /></BrowserRouter>);
    await act(async () => {
      window.history.pushState(null, '', '/no/such/page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading').textContent).toBe('Page not found');
    await act(async () => {
      window.history.pushState(null, '', '/product/lily#reviews');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading').textContent).toBe('Product lily');
    expect(screen.getByTestId('where').textContent).toBe('/product/lily#reviews');
  });

  it('replaces the entry for a <Navigate replace>', async () => {
    visit('/product-category');
    const before = window.history.length;
    await act(async () => render(<BrowserRouter><Store /></BrowserRouter>));
    expect(window.location.pathname).toBe('/product-category/roses');
    expect(screen.getByRole('heading').textContent).toBe('Category');
    expect(window.history.length).toBe(before);
  });

  it('works under a basename: links and navigation add it, routes and the location do not see it', async () => {
    function Login() {
      const navigate = useNavigate();
      return <button type="button" onClick={() => navigate('/login', { replace: true, state: { from: '/orders/B1' } })}>Sign out</button>;
    }
    visit('/backoffice/orders/B1');
    render(
      <BrowserRouter basename="/backoffice">
        <Link to="/">Board</Link>
        <Routes>
          <Route path="/orders/:orderNumber" element={<><Product /><Login /></>} />
          <Route path="/login" element={<h1>Sign in</h1>} />
        </Routes>
        <Where />
      </BrowserRouter>,
    );
    expect(screen.getByRole('link', { name: 'Board' }).getAttribute('href')).toBe('/backoffice');
    expect(screen.getByTestId('where').textContent).toBe('/orders/B1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    expect(window.location.pathname).toBe('/backoffice/login');
    expect(screen.getByRole('heading').textContent).toBe('Sign in');
    expect(screen.getByTestId('where').textContent).toBe('/login {"from":"/orders/B1"}');
  });

  it('draws nothing at an address outside its basename', () => {
    visit('/checkout');
    render(<BrowserRouter basename="/backoffice"><h1>Board</h1></BrowserRouter>);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('useSearchParams', () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="colours">{params.getAll('colour').join(',')}</p>
        <button type="button" onClick={() => setParams({ colour: ['red', 'white'], sort: 'price' })}>Red and white</button>
        <button type="button" onClick={() => setParams((current) => { current.delete('colour'); return current; }, { replace: true })}>Clear colours</button>
      </>
    );
  }

  it('goes to the same path with another query, adding an entry or replacing it', async () => {
    visit('/product-category/roses#top');
    render(<BrowserRouter><Filters /><Where /></BrowserRouter>);
    const before = window.history.length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Red and white' })));
    expect(screen.getByTestId('colours').textContent).toBe('red,white');
    expect(window.location.pathname + window.location.search).toBe('/product-category/roses?colour=red&colour=white&sort=price');
    expect(window.history.length).toBe(before + 1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear colours' })));
    expect(screen.getByTestId('where').textContent).toBe('/product-category/roses?sort=price');
    expect(window.history.length).toBe(before + 1);
  });
});

describe('MemoryRouter', () => {
  it('draws the page of its entry and moves through its own history', async () => {
    function Back() {
      const navigate = useNavigate();
      return <button type="button" onClick={() => navigate(-1)}>Back</button>;
    }
    render(<MemoryRouter initialEntries={['/', '/product/ruby?x=1']}><Store /><Back /></MemoryRouter>);
    expect(screen.getByRole('heading').textContent).toBe('Product ruby');
    expect(screen.getByTestId('where').textContent).toBe('/product/ruby?x=1');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Roses, page 2' })));
    expect(screen.getByTestId('where').textContent).toBe('/product-category/roses?page=2');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(screen.getByRole('heading').textContent).toBe('Product ruby');
    expect(window.location.pathname).toBe('/'); // the browser's address is not touched
  });

  it('refuses hooks outside a router with a sentence that says so', () => {
    function Lost() {
      useLocation();
      return null;
    }
    expect(() => render(<Lost />)).toThrow('useLocation() is used outside a <BrowserRouter> or <MemoryRouter>');
  });
});
