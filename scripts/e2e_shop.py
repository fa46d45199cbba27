#!/usr/bin/env python3
"""The Shop storefront in headless Chromium at 390×844 (scripts/e2e runs it after Orders),
against a `bottega serve --shop-replay` of the OCA connector's PrestaShop 1.6.1 recordings.

Before the walk, the replay's write emulator is given what a back office would have set: 20 %
off products/1 (a specific price) and a shipping price of 7.00 for carriers/2 to zone 1. Then:
home → category Women (products fill in) → product 1 (16.51 → 13.21) → a bad quantity refused
→ add 2 → cart → register (an under-18 birthday refused first) → address (United Kingdom) →
checkout with My carrier at 7.00 → order placed with its number → special offers → shop
information (none recorded: the empty state) → log out, log in again.

    e2e_shop.py --base URL --replay URL --key KEY --screenshots DIR --first-shot 45 --downloads DIR
"""
import base64
import datetime
import re
import time
import urllib.request

import e2e
from e2e import check
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

SPECIFIC_PRICE = (
    "<prestashop><specific_price><id_shop_group>0</id_shop_group><id_shop>0</id_shop><id_cart>0</id_cart>"
    "<id_product>1</id_product><id_product_attribute>0</id_product_attribute><id_currency>0</id_currency>"
    "<id_country>0</id_country><id_group>0</id_group><id_customer>0</id_customer><id_specific_price_rule>0</id_specific_price_rule>"
    "<price>-1.000000</price><from_quantity>1</from_quantity><reduction>0.200000</reduction><reduction_tax>1</reduction_tax>"
    "<reduction_type>percentage</reduction_type><from>0000-00-00 00:00:00</from><to>0000-00-00 00:00:00</to></specific_price></prestashop>"
)
DELIVERY = (
    "<prestashop><delivery><id_carrier>2</id_carrier><id_range_price>1</id_range_price><id_range_weight>0</id_range_weight>"
    "<id_zone>1</id_zone><id_shop>0</id_shop><id_shop_group>0</id_shop_group><price>7.000000</price></delivery></prestashop>"
)
# A new address each run: the replay keeps the customers a run registers for as long as it runs.
EMAIL = f"ada.{int(time.time())}@example.com"
PASSWORD = "analytical engine"


class ShopPath(e2e.Path):
    def __init__(self, args):
        super().__init__(args)
        self.shot_count = args.first_shot - 1
        self.replay = args.replay.rstrip("/") + "/"
        self.key = args.key

    def run(self):
        return self.walk([
            ("the back office's prices", self.arrange), ("shop home", self.home), ("category", self.category),
            ("product", self.product), ("a bad quantity", self.bad_quantity), ("add to cart", self.add),
            ("register", self.register), ("address", self.address), ("checkout", self.checkout), ("order", self.order),
            ("special offers", self.specials), ("shop information", self.info), ("log in again", self.login),
        ])

    def create(self, resource, xml):
        request = urllib.request.Request(self.replay + resource, data=xml.encode(), method="POST", headers={
            "Authorization": "Basic " + base64.b64encode((self.key + ":").encode()).decode(), "Content-Type": "text/xml"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            check(answer.status == 201, f"the replay answered {answer.status} to POST {resource}")

    def no_key(self):
        check(self.key not in self.driver.page_source, "the webservice key is in the page")

    def arrange(self):
        self.create("specific_prices", SPECIFIC_PRICE)
        self.create("deliveries", DELIVERY)
        return "20 % off product 1, 7.00 to zone 1"

    def home(self):
        self.go("/")
        self.click(self.css('main a[href="/shop"]'))
        self.until(lambda d: self.path() == "/shop", "the shop's home")
        check("Women" in self.text(), "no category Women on the home screen")
        self.no_key()
        self.shot("shop-home")
        return None

    def category(self):
        self.click(self.css('a[href="/shop/categories/3"]'))
        self.until(lambda d: "Faded Short Sleeves T-shirt" in self.text(), "the first products to fill in")
        self.until(lambda d: self.all("#list-end"), "the whole list")
        self.shot("shop-category")
        return f"{len(self.all('li.shop-card'))} products"

    def product(self):
        self.click(self.css('li.shop-card a[href="/shop/products/1"]'))
        self.until(lambda d: self.path() == "/shop/products/1", "the product page")
        text = self.text()
        check("16.51 £" in text and "13.21 £" in text, f"the price is not 16.51 → 13.21: {self.css('.shop-price').text}")
        self.no_key()
        self.shot("shop-product")
        return "16.51 £ → 13.21 £"

    def bad_quantity(self):
        quantity = self.css("input[name=quantity]")
        quantity.clear()
        quantity.send_keys("0")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Add to cart']"))
        self.until(lambda d: "The quantity must be a whole number" in self.text(), "the refusal of quantity 0")
        self.shot("shop-product-error", scroll_to=self.css("#form-error"))
        return None

    def add(self):
        quantity = self.css("input[name=quantity]")
        quantity.clear()
        quantity.send_keys("2")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Add to cart']"))
        self.until(lambda d: self.path() == "/shop/cart" and "Total" in self.text(), "the cart")
        check("26.42 £" in self.text(), f"the cart's total is not 26.42 £: {self.text()}")
        self.shot("shop-cart")
        return "2 × 13.21"

    def register(self):
        self.click(self.driver.find_element(By.LINK_TEXT, "Checkout"))
        self.until(lambda d: self.path() == "/shop/login", "the login screen")
        self.click(self.driver.find_element(By.LINK_TEXT, "Register"))
        form = self.visible("form[action='/shop/register']")
        young = datetime.date.today().replace(year=datetime.date.today().year - 17, day=1)
        for name, value in (("firstname", "Ada"), ("lastname", "Lovelace"), ("email", EMAIL), ("password", PASSWORD)):
            form.find_element(By.NAME, name).send_keys(value)
        self.driver.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, "birthday"), young.isoformat())
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "at least 18 years old" in self.text(), "the refusal of an under-18 birthday")
        self.shot("shop-register-refused")
        form = self.css("form[action='/shop/register']")
        form.find_element(By.NAME, "password").send_keys(PASSWORD)
        self.driver.execute_script("arguments[0].value = '1990-12-10'", form.find_element(By.NAME, "birthday"))
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: self.path() == "/shop/checkout", "the checkout after registering")
        return None

    def address(self):
        self.click(self.driver.find_element(By.LINK_TEXT, "Add one"))
        form = self.visible("form[action='/shop/addresses']")
        for name, value in (("alias", "Home"), ("firstname", "Ada"), ("lastname", "Lovelace"), ("address1", "12 St James's Square"),
                            ("postcode", "SW1Y 4JH"), ("city", "London")):
            form.find_element(By.NAME, name).send_keys(value)
        check("United Kingdom" in form.text, "the country list has no United Kingdom")
        self.shot("shop-address")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: self.path() == "/shop/checkout", "the checkout")
        return None

    def checkout(self):
        check("My carrier" in self.text() and "7.00 £" in self.text(), f"no carrier at 7.00: {self.text()}")
        self.shot("shop-checkout")
        return "My carrier, 7.00 £"

    def order(self):
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Place the order']"))
        self.until(lambda d: re.fullmatch(r"/shop/orders/\d+", self.path()), "the confirmation")
        number = self.css("#order-id").text
        check(number == self.path().rsplit("/", 1)[1], "the confirmation shows another number")
        self.no_key()
        self.shot("shop-order")
        return f"order {number}"

    def specials(self):
        self.click(self.css('header a[href="/shop/specials"]'))
        self.until(lambda d: "Faded Short Sleeves T-shirt" in self.text(), "product 1 among the offers")
        self.shot("shop-specials")
        return None

    def info(self):
        self.click(self.css('header a[href="/shop/info"]'))
        self.until(lambda d: self.path() == "/shop/info", "the information pages")
        self.shot("shop-info")
        return "no pages recorded" if "no information pages" in self.text() else None

    def login(self):
        self.click(self.css('header a[href="/shop/account"]'))
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Log out']"))
        self.until(lambda d: self.path() == "/shop", "the shop's home after logging out")
        self.go("/shop/login")
        form = self.visible("form[action='/shop/login']")
        form.find_element(By.NAME, "email").send_keys(EMAIL)
        form.find_element(By.NAME, "password").send_keys(PASSWORD)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "Logged in as Ada Lovelace" in self.text(), "the account after logging in")
        self.shot("shop-account")
        return None


def main():
    parser = e2e.browser_arguments(".build-e2e/failure-shop.png")
    parser.add_argument("--first-shot", type=int, default=1)
    parser.add_argument("--replay", required=True, help="the replay's /api/ address, from bottega serve's log")
    parser.add_argument("--key", required=True)
    args = parser.parse_args()
    args.later_author = args.slow_author = ""
    e2e.walk_and_exit(ShopPath, args)


if __name__ == "__main__":
    main()
