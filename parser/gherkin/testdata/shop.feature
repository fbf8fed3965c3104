# A feature file plaintest compiles with no step definitions: the demo
# shop's log-in and cart (package demoshop), every step read by the rules.
@shop
Feature: Shopping at the demo shop

  Background:
    Given I am on /login
    When I fill in the form:
      | field    | value        |
      | Username | demo         |
      | Password | {{PASSWORD}} |
    And I click Log in

  @smoke
  Scenario: Logged in
    Then I should see "Welcome back, demo"
    And the user should see "Signed in as demo"

  Scenario Outline: Add <item> to the cart
    When I add the <item> to the cart
    Then I should see "<item> added to cart"
    And the cart shows 1 item

    Examples:
      | item      |
      | Blue Mug  |
      | Green Tea |
